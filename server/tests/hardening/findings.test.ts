import { beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema';
import { createLogger } from '../../src/platform/logger';
import { safeError } from '../../src/platform/log-safe';
import { createApiKey } from '../../src/platform/api-keys';
import { sha256Hex } from '../../src/platform/hashing';
import { IDEMPOTENCY_TTL_MS, pruneIdempotencyKeys } from '../../src/platform/idempotency';
import { createMessageOutboxWorker } from '../../src/delivery/message-outbox';
import { importStock } from '../../src/delivery/stock';
import {
  createOrder,
  RECEIPT_IMAGE,
  readingAnswer,
  submitReceipt,
  type Created,
} from '../support/shop';
import { stockCsv } from '../support/stock';
import { T0, testStore, useTestApp } from '../support/test-app';

/** Review findings S4, S5, S7–S10 and S12 (issue #25), each through the API. */

const CONTACT = 'hidden.buyer@example.com';
const keyRefused = () =>
  Response.json(
    {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' },
        ],
      },
    },
    { status: 400 },
  );

describe(`review findings S4–S12 (${testStore})`, () => {
  const lines: string[] = [];
  const t = useTestApp({
    logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
    env: { RECEIPT_TIMEOUT_MS: '2000' },
  });
  const { gemini } = t;
  let partner: string;
  let staff: string;

  beforeEach(async () => {
    lines.length = 0;
    partner = (await createApiKey(t.deps, 'partner')).key;
    staff = (await createApiKey(t.deps, 'staff', 'staff')).key;
  });

  const errorLines = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.level === 50);

  it('S4: a database error on any path logs its SQLSTATE and statement, never its parameters', async () => {
    // A broken schema makes the order insert fail with the contact among its parameters.
    await t.database.rawTransaction((tx) =>
      tx.exec('ALTER TABLE orders RENAME COLUMN contact TO contact_moved'),
    );
    try {
      const response = await t.call('POST', '/api/orders', {
        planId: 'power-30',
        operatorId: 'mpt',
        contact: CONTACT,
      });
      expect(response.status).toBe(500);
    } finally {
      await t.database.rawTransaction((tx) =>
        tx.exec('ALTER TABLE orders RENAME COLUMN contact_moved TO contact'),
      );
    }
    const [logged] = errorLines();
    expect(logged).toMatchObject({ msg: 'request failed', err: { code: '42703' } });
    const everything = lines.join('\n');
    expect(everything).toContain('insert into');
    expect(everything).not.toContain(CONTACT);
    expect(everything).not.toMatch(/params:/);
  });

  it('S4: the summary of a query error keeps no value: codes, contacts, tokens, quoted input', () => {
    const cause = Object.assign(
      new Error('invalid input syntax for type uuid: "LPA:1$smdp.example.com$K2-SECRET"'),
      { code: '22P02' },
    );
    const error = Object.assign(
      new Error(
        `Failed query: update "profiles" set "state" = $1 where "activation_code" = $2\nparams: assigned,LPA:1$smdp.example.com$K2-SECRET,${CONTACT},9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08`,
      ),
      { name: 'DrizzleQueryError', cause },
    );
    const summary = safeError(error);
    expect(summary.code).toBe('22P02');
    expect(summary.message).toContain('update "profiles" set');
    expect(JSON.stringify(summary)).not.toMatch(/K2-SECRET|hidden\.buyer|9f86d081/);
  });

  it('S8: NUL characters and dates past JavaScript’s end are 400, not 500 (and nothing is logged as an error)', async () => {
    const profile = await t.call('GET', '/v1/profile/NXR-%00', undefined, { 'x-api-key': partner });
    expect(profile.status).toBe(400);
    expect(await profile.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const activate = await t.call('POST', '/v1/activate', '{"orderId":"\\u0000"}', {
      'x-api-key': partner,
      'Content-Type': 'application/json',
    });
    expect(activate.status).toBe(400);
    const staffList = await t.call('GET', '/api/staff/orders?before=8640000000000001', undefined, {
      Authorization: `Bearer ${staff}`,
    });
    expect(staffList.status).toBe(400);
    expect(await staffList.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(errorLines()).toEqual([]);
  });

  it('S5: answers with an order, token, code or contact are no-store; every answer is nosniff', async () => {
    const created = await t.call('POST', '/api/orders', {
      planId: 'power-30',
      operatorId: 'mpt',
      contact: CONTACT,
    });
    const { order, token } = (await created.clone().json()) as {
      order: { id: string };
      token: string;
    };
    const purchase = await t.call(
      'POST',
      '/purchase',
      { operator: 'MPT', contactInfo: CONTACT },
      { 'x-api-key': partner },
    );
    const { id: partnerOrder } = (await purchase.clone().json()) as { id: string };
    const answers = [
      created,
      await t.call('GET', `/api/orders/${order.id}`, undefined, { 'X-Order-Token': token }),
      await t.call('GET', `/api/orders/${order.id}`, undefined, { 'X-Order-Token': 'wrong' }),
      purchase,
      await t.call('GET', `/v1/profile/${partnerOrder}`, undefined, { 'x-api-key': partner }),
      await t.call('GET', '/api/staff/orders', undefined, { Authorization: `Bearer ${staff}` }),
      await t.call('GET', '/status'),
      await t.call('GET', '/nowhere'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('cache-control'), answer.url).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // Public, cacheable answers keep their own policy, and are nosniff too.
    const plans = await t.call('GET', '/plans');
    expect(plans.headers.get('cache-control')).toMatch(/max-age/);
    expect(plans.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('S7: a stored answer loses the contact once its order is delivered, and is deleted after a day', async () => {
    await importStock(t.deps, stockCsv(1));
    const key = { 'Idempotency-Key': 'order-key-0001' };
    const body = { planId: 'power-30', operatorId: 'mpt', contact: CONTACT };
    const first = await t.call('POST', '/api/orders', body, key);
    const created = (await first.json()) as Created;
    gemini.answer(readingAnswer());
    expect((await submitReceipt(t, created, { 'Idempotency-Key': 'receipt-key-001' })).status).toBe(
      200,
    );
    // Before delivery a retry gets the same order again.
    const replay = await t.call('POST', '/api/orders', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The buyer sees the eSIM (no email configured): delivered.
    const seen = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(
      ((await seen.json()) as { order: { delivery: { state: string } } }).order.delivery.state,
    ).toBe('delivered');

    await createMessageOutboxWorker(t.deps).runOnce();
    const rows = await t.database.db.select().from(idempotencyKeys);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.orderId).toBe(created.order.id);
      expect(row.response).toBeNull();
      expect(row.prunedAt).not.toBeNull();
    }
    const stored = JSON.stringify(
      await t.database.rawTransaction((tx) => tx.query('SELECT * FROM idempotency_keys')),
    );
    expect(stored).not.toContain(CONTACT);
    expect(stored).not.toContain('hidden.buyer');
    // A retry now is not run again (no second order), and says why.
    const late = await t.call('POST', '/api/orders', body, key);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'conflict' } });

    t.clock.advance(IDEMPOTENCY_TTL_MS + 1);
    expect(await pruneIdempotencyKeys(t.deps)).toEqual({ deleted: 2, emptied: 0 });
    expect(await t.database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('S9: Gemini refusing the server’s key is 503 ai_unavailable, not the receipt’s fault', async () => {
    const created = await createOrder(t);
    gemini.answer(keyRefused);
    const response = await submitReceipt(t, created);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'ai_unavailable' } });
    const order = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(((await order.json()) as { order: { status: string } }).order.status).toBe(
      'awaiting_payment',
    );
  });

  it('S10: a same-key retry after a crash waits RECEIPT_TIMEOUT_MS plus a little, not 90 s', async () => {
    const created = await createOrder(t);
    const body = { image: RECEIPT_IMAGE, language: 'en' };
    const rawKey = 'receipt-after-crash';
    // What a server killed while the model held the check leaves behind: a claimed key.
    await t.database.db.insert(idempotencyKeys).values({
      scope: `receipt:${created.order.id}`,
      key: await sha256Hex(rawKey),
      requestHash: await sha256Hex(JSON.stringify(body)),
      createdAt: new Date(T0),
    });
    t.clock.set(T0 + 1_000);
    const busy = await submitReceipt(t, created, { 'Idempotency-Key': rawKey }, body);
    expect(busy.status).toBe(409);
    expect(Number(busy.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    gemini.answer(readingAnswer());
    t.clock.set(T0 + 2_000 + 5_001); // RECEIPT_TIMEOUT_MS (2 s here) + the slack
    const retried = await submitReceipt(t, created, { 'Idempotency-Key': rawKey }, body);
    expect(retried.status).toBe(200);
    expect(gemini.calls).toHaveLength(1);
  });

  it('S12: a wrong content type is 415 unsupported_media_type', async () => {
    const response = await t.call('POST', '/api/orders', 'planId=power-30', {
      'Content-Type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('S12: bytes that are not an image are refused before any model call, whatever their label', async () => {
    const created = await createOrder(t);
    for (const image of [
      {
        mimeType: 'image/png',
        base64: Buffer.from('GIF89a but not really an image').toString('base64'),
      },
      { mimeType: 'image/jpeg', base64: Buffer.from('%PDF-1.7 a document').toString('base64') },
      {
        mimeType: 'image/webp',
        base64: Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ').toString('base64'),
      },
    ]) {
      const response = await submitReceipt(t, created, {}, { image, language: 'en' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          code: 'validation_failed',
          message: expect.stringContaining('not a PNG, JPEG or WebP'),
        },
      });
    }
    expect(gemini.calls).toHaveLength(0);
    // Real image bytes still pass (JPEG and WebP signatures too).
    gemini.answer(readingAnswer());
    const webp = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), Buffer.alloc(8)]);
    const ok = await submitReceipt(
      t,
      created,
      {},
      {
        image: { mimeType: 'image/webp', base64: webp.toString('base64') },
        language: 'en',
      },
    );
    expect(ok.status).toBe(200);
    expect(gemini.calls).toHaveLength(1);
  });
});

describe(`review finding S11 (${testStore})`, () => {
  const t = useTestApp();
  const { gemini } = t;

  it('hands the profile over with the payment, together or not at all', async () => {
    await importStock(t.deps, stockCsv(1));
    const created = await createOrder(t, { contact: '09777888999' });
    // The profile's update fails, as a crash between the order's and the profile's would leave it.
    await t.database.rawTransaction((tx) =>
      tx.exec(`
        CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN IF NEW.state = 'delivered' THEN RAISE EXCEPTION 'profile update refused'; END IF;
          RETURN NEW; END $$;
        CREATE TRIGGER refuse_delivery BEFORE UPDATE ON profiles
          FOR EACH ROW EXECUTE FUNCTION refuse_delivery();`),
    );
    const states = async () =>
      (
        await t.database.rawTransaction((tx) =>
          tx.query<{ order: string; paid: boolean; profile: string }>(
            `SELECT o.delivery_state AS order, o.paid_at IS NOT NULL AS paid,
               (SELECT string_agg(state, ',') FROM profiles) AS profile FROM orders o`,
          ),
        )
      )[0];
    gemini.answer(readingAnswer());
    // No email for a Viber contact: handing the profile over is the delivery, and it fails.
    expect((await submitReceipt(t, created)).status).toBe(500);
    expect(await states()).toEqual({ order: 'none', paid: false, profile: 'in_stock' });
    await t.database.rawTransaction((tx) => tx.exec('DROP TRIGGER refuse_delivery ON profiles'));
    // The failed check's claim lapses after RECEIPT_TIMEOUT_MS, then the buyer's retry pays.
    t.clock.advance(t.deps.config.receiptTimeoutMs + 1_000);
    gemini.answer(readingAnswer());
    expect((await submitReceipt(t, created)).status).toBe(200);
    expect(await states()).toEqual({ order: 'delivered', paid: true, profile: 'delivered' });
  });

  it('reads an order without writing: GETs pass while every table refuses writes', async () => {
    // Both orders wait for stock, so that the GETs below are the first answers showing the eSIM.
    const created = await createOrder(t, { contact: '09777888111' });
    gemini.answer(readingAnswer());
    expect((await submitReceipt(t, created)).status).toBe(200);
    const { key } = await createApiKey(t.deps, 'reader');
    const headers = { 'x-api-key': key, 'Idempotency-Key': 'read-only-partner-0001' };
    const bought = await t.call(
      'POST',
      '/purchase',
      { operator: 'MPT', contactInfo: 'a@example.com' },
      headers,
    );
    const partnerOrder = (await bought.json()) as { id: string };
    await t.database.rawTransaction((tx) =>
      tx.query("UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1", [
        partnerOrder.id,
      ]),
    );
    expect(
      (await t.call('POST', '/v1/activate', { orderId: partnerOrder.id }, headers)).status,
    ).toBe(200);
    await importStock(t.deps, stockCsv(2));
    await t.database.rawTransaction((tx) =>
      tx.exec(`
        CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'a read wrote to %', TG_TABLE_NAME; END $$;
        CREATE TRIGGER refuse_order_writes BEFORE INSERT OR UPDATE OR DELETE ON orders
          FOR EACH ROW EXECUTE FUNCTION refuse_writes();
        CREATE TRIGGER refuse_profile_writes BEFORE INSERT OR UPDATE OR DELETE ON profiles
          FOR EACH ROW EXECUTE FUNCTION refuse_writes();
        CREATE TRIGGER refuse_outbox_writes BEFORE INSERT OR UPDATE OR DELETE ON outbox
          FOR EACH ROW EXECUTE FUNCTION refuse_writes();`),
    );
    try {
      const read = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
        'X-Order-Token': created.token,
      });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ order: { delivery: { state: 'delivered' } } });
      const profile = await t.call('GET', `/v1/profile/${partnerOrder.id}`, undefined, {
        'x-api-key': key,
      });
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ delivery: 'delivered' });
    } finally {
      await t.database.rawTransaction((tx) =>
        tx.exec(`DROP TRIGGER refuse_order_writes ON orders;
          DROP TRIGGER refuse_profile_writes ON profiles;
          DROP TRIGGER refuse_outbox_writes ON outbox;`),
      );
    }
  });
});
