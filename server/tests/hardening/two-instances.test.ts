import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { importStock } from '../../src/delivery/stock';
import { startServer, type ServerProcess } from '../support/server-process';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { stockCsv } from '../support/stock';
import { createTestDatabase, type TestDatabase, testStore } from '../support/test-app';

/**
 * Several instances on one PostgreSQL (issue #25): two server processes on one database, the
 * race tests across both. 100 receipts at once, split between them, 80 distinct transaction
 * ids (20 sent twice, each pair to different servers): one payment per id, distinct profiles;
 * each eSIM email sent once although both outbox workers run; the /ai limit and an
 * Idempotency-Key counted once across both. The embedded store is one process by design
 * (db/data-dir-lock.ts), so this runs on PostgreSQL only.
 */

const ORDERS = Number(process.env.TWO_INSTANCES_ORDERS ?? 100);
const DISTINCT_IDS = Math.round(ORDERS * 0.8);
const AI_LIMIT = 5;

/** A PNG-signed image whose bytes carry the transaction id the fake model reads from it. */
const receiptImage = (transactionId: string) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(`txn:${transactionId}`),
  ]).toString('base64');

/** Gemini's REST API as the servers see it: a receipt reading from the image, else a text. */
async function startFakeGemini(): Promise<{ url: string; server: Server; calls: number }> {
  const state = { url: '', server: undefined as unknown as Server, calls: 0 };
  state.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.calls += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        contents?: { parts?: { inlineData?: { data: string } }[] }[];
      };
      const image = body.contents?.[0]?.parts?.find((part) => part.inlineData)?.inlineData;
      const text = image
        ? JSON.stringify({
            isPaymentConfirmed: true,
            reason: 'The payment is successful.',
            transactionId: /txn:(.*)$/.exec(
              Buffer.from(image.data, 'base64').toString('latin1'),
            )![1],
            amount: 80_000,
            currency: 'MMK',
            transactionTime: new Date().toISOString(),
            status: 'Successful',
          })
        : 'Yes, that phone supports eSIM.';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

describe.skipIf(testStore !== 'postgres')(
  'two server processes on one PostgreSQL (skipped on PGlite: the embedded store is one process by design, decision 078)',
  () => {
    let owner: TestDatabase;
    let database: Database;
    let smtp: SmtpCatcher;
    let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
      await owner?.drop();
      await smtp?.close();
      gemini?.server.close();
    });

    it(
      'pays once per transaction id, hands out distinct profiles, sends each email once, counts limits once',
      { timeout: 900_000 },
      async () => {
        owner = await createTestDatabase();
        database = await openDatabase({ databaseUrl: owner.url });
        await importStock(
          {
            config: loadConfig({}),
            database,
            now: Date.now,
            randomUUID: () => crypto.randomUUID(),
          },
          stockCsv(ORDERS),
        );
        smtp = await startSmtpCatcher();
        gemini = await startFakeGemini();
        const env = {
          DATABASE_URL: owner.url,
          AI_MODE: 'gemini',
          GEMINI_API_KEY: 'two-instances-key',
          GEMINI_BASE_URL: gemini.url,
          SMTP_URL: smtp.url,
          OUTBOX_INTERVAL_MS: '200',
          // The race, not the policy, is this test's subject: every eSIM goes at once (the
          // default, `limit`, holds a contact's eSIMs past its unconfirmed few: decision 123).
          DELIVERY_POLICY: 'instant',
          AI_RATE_LIMIT: String(AI_LIMIT),
          AI_RATE_WINDOW_SECONDS: '600',
          // Every order and receipt here comes from 127.0.0.1: the abuse limits (tested in
          // orders/abuse-limits.test.ts) would stop the race long before it is run.
          ORDER_LIMIT_PER_ADDRESS: '100000',
          RECEIPT_LIMIT_PER_ADDRESS: '100000',
        };
        servers.push(...(await Promise.all([startServer(env), startServer(env)])));
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const post = (
          server: ServerProcess,
          path: string,
          body: unknown,
          headers: Record<string, string> = {},
        ) =>
          fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });

        // The orders, alternating between the servers.
        const orders: { id: string; token: string }[] = [];
        for (let i = 0; i < ORDERS; i += 1) {
          const response = await post(servers[i % 2]!, '/api/orders', {
            planId: 'power-30',
            operatorId: 'mpt',
            contact: `buyer${i}@example.com`,
          });
          expect(response.status).toBe(201);
          const created = (await response.json()) as { order: { id: string }; token: string };
          orders.push({ id: created.order.id, token: created.token });
        }

        // 100 receipts at once: order i pays with id i % 80; the two orders of a repeated id go to
        // different servers.
        const started = performance.now();
        const results = await Promise.all(
          orders.map(async (order, i) => {
            const server = i < DISTINCT_IDS ? servers[i % 2]! : servers[(i + 1) % 2]!;
            const response = await post(
              server,
              `/api/orders/${order.id}/receipt`,
              {
                image: {
                  mimeType: 'image/png',
                  base64: receiptImage(`7000 ${String(i % DISTINCT_IDS).padStart(8, '0')}`),
                },
                language: 'en',
              },
              { 'X-Order-Token': order.token },
            );
            const body = (await response.json()) as {
              verification?: { status: string; reason?: { code: string } };
            };
            return { status: response.status, verification: body.verification };
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const paid = results.filter((r) => r.verification?.status === 'confirmed').length;
        const reused = results.filter((r) => r.verification?.reason?.code === 'reused').length;
        const other = results.length - paid - reused;

        const q = <Row>(sql: string) => database.rawTransaction((tx) => tx.query<Row>(sql));
        const [payments] = await q<{ count: number; ids: number }>(
          'SELECT count(*)::int AS count, count(DISTINCT transaction_id)::int AS ids FROM payments',
        );
        const [profiles] = await q<{ assigned: number; orders: number; iccids: number }>(
          'SELECT count(*)::int AS assigned, count(DISTINCT order_id)::int AS orders, count(DISTINCT iccid)::int AS iccids FROM profiles WHERE order_id IS NOT NULL',
        );

        const statuses = results.reduce<Record<string, number>>((counts, r) => {
          const key =
            `${r.status} ${r.verification?.status ?? ''} ${r.verification?.reason?.code ?? ''}`.trim();
          counts[key] = (counts[key] ?? 0) + 1;
          return counts;
        }, {});
        console.log(
          `${ORDERS} receipts at once on two servers: ${paid} paid, ${reused} refused as reused, ${other} other, in ${seconds.toFixed(1)} s (${JSON.stringify(statuses)})`,
        );
        expect(other).toBe(0);
        expect(paid).toBe(DISTINCT_IDS);

        // Each eSIM email once: wait until every one is recorded as sent, then count what arrived.
        const until = Date.now() + 300_000;
        for (;;) {
          const [row] = await q<{ unsent: number }>(
            "SELECT count(*)::int AS unsent FROM outbox WHERE kind = 'esim_email' AND sent_at IS NULL",
          );
          const [all] = await q<{ total: number }>(
            "SELECT count(*)::int AS total FROM outbox WHERE kind = 'esim_email'",
          );
          if (row!.unsent === 0 && all!.total === DISTINCT_IDS) break;
          if (Date.now() > until)
            throw new Error(`emails still unsent: ${row!.unsent} of ${all!.total}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const recipients = smtp.messages.map((message) =>
          message.to && 'text' in message.to ? message.to.text : '',
        );

        // The /ai limit across both: twice the limit at once from one address, half to each.
        const aiResults = await Promise.all(
          Array.from({ length: AI_LIMIT * 2 }, (_, i) =>
            post(servers[i % 2]!, '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
              contents: [{ role: 'user', parts: [{ text: 'Does an iPhone 15 take an eSIM?' }] }],
            }).then((response) => response.status),
          ),
        );
        // One Idempotency-Key sent to both servers at once: one order.
        const sameKey = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            post(
              servers[i % 2]!,
              '/api/orders',
              { planId: 'power-30', operatorId: 'mpt', contact: 'same.key@example.com' },
              { 'Idempotency-Key': 'two-instances-one-key' },
            ).then(async (response) => ({
              status: response.status,
              id:
                response.status === 201
                  ? ((await response.json()) as { order: { id: string } }).order.id
                  : null,
            })),
          ),
        );
        const [sameKeyOrders] = await q<{ count: number }>(
          "SELECT count(*)::int AS count FROM orders WHERE contact = 'same.key@example.com'",
        );

        console.log(
          [
            `Two instances on one PostgreSQL (ports ${a.port}, ${b.port}):`,
            `  ${ORDERS} receipts at once, ${DISTINCT_IDS} distinct transaction ids: ${paid} paid, ${reused} refused as reused, ${other} other; ${seconds.toFixed(1)} s`,
            `  payments: ${payments!.count} rows, ${payments!.ids} distinct ids; profiles: ${profiles!.assigned} assigned to ${profiles!.orders} orders, ${profiles!.iccids} distinct ICCIDs`,
            `  eSIM emails: ${smtp.messages.length} received, ${new Set(recipients).size} distinct recipients`,
            `  /ai limit ${AI_LIMIT}: ${aiResults.filter((s) => s === 200).length} passed, ${aiResults.filter((s) => s === 429).length} refused (429)`,
            `  one Idempotency-Key on both: ${sameKeyOrders!.count} order; answers ${sameKey.map((r) => r.status).join(' ')}`,
          ].join('\n'),
        );

        expect(other).toBe(0);
        expect(paid).toBe(DISTINCT_IDS);
        expect(reused).toBe(ORDERS - DISTINCT_IDS);
        expect(payments).toEqual({ count: DISTINCT_IDS, ids: DISTINCT_IDS });
        expect(profiles).toEqual({
          assigned: DISTINCT_IDS,
          orders: DISTINCT_IDS,
          iccids: DISTINCT_IDS,
        });
        expect(smtp.messages).toHaveLength(DISTINCT_IDS);
        expect(new Set(recipients).size).toBe(DISTINCT_IDS);
        expect(aiResults.filter((s) => s === 200)).toHaveLength(AI_LIMIT);
        expect(aiResults.filter((s) => s === 429)).toHaveLength(AI_LIMIT);
        expect(sameKeyOrders!.count).toBe(1);
        expect(new Set(sameKey.filter((r) => r.id).map((r) => r.id)).size).toBe(1);
      },
    );
  },
);
