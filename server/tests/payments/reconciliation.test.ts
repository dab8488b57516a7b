import { beforeEach, describe, expect, it } from 'vitest';
import {
  parseAmount,
  parseStatementCsv,
  parseStatementTime,
  readMapping,
} from '../../src/payments/statement-csv';
import { postStatement, STATEMENT_HEADER } from '../support/bank';
import { createOrder, readingAnswer, submitReceipt, type Created } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Report = {
  counts: Record<string, number>;
  orders: { orderId: string; orderNumber: string; transactionId: string; bankState: string }[];
  unmatched: { line: number | null; transactionId: string; amount: number; paidAt: number }[];
};

const iso = (ms: number) => new Date(ms).toISOString();

describe('statement CSV', () => {
  it.each([
    ['80000', 80_000],
    ['80,000 Ks', 80_000],
    ['80000.00 MMK', 80_000],
    ['MMK 80,000', 80_000],
    ['80,000.50', null],
    ['-80000', null],
    ['eighty', null],
    ['', null],
  ])('reads the amount %j as %j', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  it('reads ISO times (Myanmar time without an offset) and mapped formats', () => {
    expect(parseStatementTime('2026-11-23T10:01:00Z', undefined)).toBe(T0 + 60_000);
    expect(parseStatementTime('2026-11-23 16:31', undefined)).toBe(T0 + 60_000);
    expect(parseStatementTime('23/11/2026 16:31', 'DD/MM/YYYY HH:mm')).toBe(T0 + 60_000);
    expect(parseStatementTime('23/11/2026 10:31', 'DD/MM/YYYY HH:mm', '+00:00')).toBe(
      T0 + 31 * 60_000,
    );
    expect(parseStatementTime('31/02/2026 10:00', 'DD/MM/YYYY HH:mm')).toBeNull();
    expect(parseStatementTime('yesterday', undefined)).toBeNull();
  });

  it('refuses a bad file whole, naming each bad line', () => {
    const csv = [
      STATEMENT_HEADER,
      `KBZ-1001,80000,${iso(T0)},Ko Aung,`,
      `xx,80000,${iso(T0)},,`,
      `KBZ-1002,eighty,${iso(T0)},,`,
      `KBZ-1003,80000,tomorrow,,`,
      `KBZ-1001,80000,${iso(T0)},,`,
      `KBZ-1004,80000,${iso(T0)},=HYPERLINK("x"),`,
      `KBZ-1005,80000`,
    ].join('\n');
    const parsed = parseStatementCsv(csv);
    // Line 7's formula-looking payer is no problem (review N6): it is kept as text.
    expect(parsed.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 8]);
    expect(parsed.lines.find((line) => line.line === 7)).toMatchObject({
      payer: '=HYPERLINK("x")',
    });
    expect(parseStatementCsv('id,amount\n1,2').problems).toEqual([
      { line: 1, problem: expect.stringContaining('transaction_id,amount,paid_at') },
    ]);
  });

  it('checks a mapping file', () => {
    expect(() => readMapping({ columns: { txn: 'Txn' } })).toThrow(/unknown field "txn"/);
    expect(() => readMapping({ dateFormat: 'HH:mm' })).toThrow(/YYYY/);
    expect(readMapping({ columns: { amount: 'Credit' }, utcOffset: '+06:30' })).toEqual({
      columns: { amount: 'Credit' },
      utcOffset: '+06:30',
    });
  });
});

describe(`statement reconciliation (${testStore})`, () => {
  const t = useTestApp({ env: { STAFF_WEBHOOK_URL: 'https://hooks.example/staff' } });
  let key: string;
  beforeEach(async () => {
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(10))).status).toBe(200);
  });
  const rows = sqlRows(t);
  const report = async () => {
    const response = await t.call('GET', '/api/staff/reconciliation', undefined, {
      Authorization: `Bearer ${key}`,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Report;
  };

  /** An order paid by screenshot of transaction `id`, made at `at` and paid a minute later. */
  async function paid(id: string, at: number, contact = `${id.toLowerCase()}@example.com`) {
    t.clock.set(at);
    const created: Created = await createOrder(t, { contact });
    t.clock.set(at + 2 * 60_000);
    t.gemini.answer(readingAnswer({ transactionId: id, transactionTime: iso(at + 60_000) }));
    expect((await submitReceipt(t, created)).status).toBe(200);
    return created;
  }

  it('gives each paid order its bank state, lists unmatched lines, and alerts staff of mismatches and suspects', async () => {
    const confirmed = await paid('KBZ-5001', T0);
    const mismatch = await paid('KBZ-5002', T0 + 10_000);
    const suspect = await paid('KBZ-5003', T0 + 20_000);
    const later = await paid('KBZ-5004', T0 + 60 * 60_000);
    t.clock.set(T0 + 2 * 60 * 60_000);
    const csv = [
      STATEMENT_HEADER,
      `KBZ 5001,80000,${iso(T0 + 60_000)},Ko Aung,${confirmed.order.number}`,
      `kbz-5002,"70,000 Ks",${iso(T0 + 70_000)},Ma Hla,`,
      `KBZ-9999,50000,${iso(T0 + 30 * 60_000)},Stranger,`,
    ].join('\n');
    const response = await postStatement(t, key, csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      imported: 3,
      alreadyImported: 0,
      confirmed: 1,
      mismatch: 1,
      unmatched: 1,
      suspect: 1,
      released: 0,
    });
    const result = await report();
    expect(result.counts).toEqual({
      confirmed: 1,
      mismatch: 1,
      unconfirmed: 1,
      suspect: 1,
      unmatched: 1,
    });
    const stateOf = Object.fromEntries(
      result.orders.map((order) => [order.orderId, order.bankState]),
    );
    expect(stateOf).toEqual({
      [confirmed.order.id]: 'confirmed',
      [mismatch.order.id]: 'mismatch',
      [suspect.order.id]: 'suspect',
      [later.order.id]: 'unconfirmed',
    });
    expect(result.unmatched).toEqual([
      expect.objectContaining({ line: 4, transactionId: 'KBZ9999', amount: 50_000 }),
    ]);
    const alerts = await rows(
      "SELECT order_id, payload FROM outbox WHERE kind = 'staff_alert_webhook'",
    );
    expect(alerts).toHaveLength(2);
    expect(alerts).toEqual(
      expect.arrayContaining([
        {
          order_id: mismatch.order.id,
          payload: expect.objectContaining({
            event: 'order.bank_mismatch',
            number: mismatch.order.number,
            reason: 'amount',
          }),
        },
        {
          order_id: suspect.order.id,
          payload: expect.objectContaining({
            event: 'order.bank_suspect',
            number: suspect.order.number,
          }),
        },
      ]),
    );

    // The same file again changes nothing: no new lines, period, state or alert.
    const again = await postStatement(t, key, csv);
    expect(await again.json()).toMatchObject({ imported: 0, alreadyImported: 3, suspect: 0 });
    expect(await report()).toEqual(result);
    expect(await rows('SELECT count(*)::int AS n FROM statement_imports')).toEqual([{ n: 1 }]);
    expect(
      await rows("SELECT count(*)::int AS n FROM outbox WHERE kind = 'staff_alert_webhook'"),
    ).toEqual([{ n: 2 }]);

    // A later statement with the suspect's line confirms it.
    const late = await postStatement(
      t,
      key,
      `${STATEMENT_HEADER}\nKBZ-5003,80000,${iso(T0 + 80_000)},,\n`,
    );
    expect(await late.json()).toMatchObject({ imported: 1, confirmed: 1 });
    expect((await report()).counts).toMatchObject({ confirmed: 2, suspect: 0 });
  });

  it('refuses a bad file whole with every line, and a line that contradicts an earlier import', async () => {
    const csv = [
      STATEMENT_HEADER,
      `KBZ-6001,80000,${iso(T0)},,`,
      `KBZ-6002,eighty,${iso(T0)},,`,
      `KBZ-6003,80000,soon,,`,
    ].join('\n');
    const response = await postStatement(t, key, csv);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string; details: { line: number }[] };
    };
    expect(body.error.code).toBe('invalid_csv');
    expect(body.error.details.map((detail) => detail.line)).toEqual([3, 4]);
    expect(await rows('SELECT count(*)::int AS n FROM statement_lines')).toEqual([{ n: 0 }]);

    expect(
      (await postStatement(t, key, `${STATEMENT_HEADER}\nKBZ-6001,80000,${iso(T0)},,`)).status,
    ).toBe(200);
    const changed = await postStatement(t, key, `${STATEMENT_HEADER}\nKBZ-6001,90000,${iso(T0)},,`);
    expect(changed.status).toBe(422);
    expect(await rows('SELECT amount FROM statement_lines')).toEqual([{ amount: 80_000 }]);
  });

  it('reads another bank’s export through a column mapping', async () => {
    const order = await paid('KBZ-7001', T0);
    const csv = [
      'Date,Txn ID,Credit,From,Remark',
      `23/11/2026 16:31,KBZ-7001,"80,000 Ks",Ko Aung,${order.order.number}`,
      `23/11/2026 16:40,KBZ-7002,80000.00 MMK,Ma Hla,`,
    ].join('\n');
    const mapping = {
      columns: {
        transaction_id: 'Txn ID',
        amount: 'Credit',
        paid_at: 'Date',
        payer: 'From',
        reference: 'Remark',
      },
      dateFormat: 'DD/MM/YYYY HH:mm',
    };
    const response = await postStatement(t, key, csv, mapping);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 2, confirmed: 1, unmatched: 1 });
    expect(await rows('SELECT transaction_id, paid_at FROM statement_lines ORDER BY 1')).toEqual([
      { transaction_id: 'KBZ7001', paid_at: new Date(T0 + 60_000) },
      { transaction_id: 'KBZ7002', paid_at: new Date(T0 + 10 * 60_000) },
    ]);
    // Without the mapping the same file is refused.
    expect((await postStatement(t, key, csv)).status).toBe(422);
    const bad = await postStatement(t, key, csv, { columns: { txn: 'Txn ID' } });
    expect(bad.status).toBe(400);
  });

  it('imports lines whose payer, reference or unmapped cells look like formulas, kept as text (review N6)', async () => {
    const order = await paid('KBZ-8001', T0);
    t.clock.set(T0 + 60 * 60_000);
    const csv = [
      'transaction_id,amount,paid_at,payer,reference,remark',
      `KBZ-8001,80000,${iso(T0 + 60_000)},=1+1,${order.order.number},-x`,
      `KBZ-8002,1,${iso(T0 + 2 * 60_000)},@SUM(1),+x,=HYPERLINK("http://x")`,
      `KBZ-8003,1,${iso(T0 + 3 * 60_000)},Ko Aung,-x,@shop`,
    ].join('\n');
    const response = await postStatement(t, key, csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 3, confirmed: 1, unmatched: 2 });
    expect(
      await rows('SELECT transaction_id, payer, reference FROM statement_lines ORDER BY 1'),
    ).toEqual([
      { transaction_id: 'KBZ8001', payer: '=1+1', reference: order.order.number },
      { transaction_id: 'KBZ8002', payer: '@SUM(1)', reference: '+x' },
      { transaction_id: 'KBZ8003', payer: 'Ko Aung', reference: '-x' },
    ]);
  });

  it('imports 20,000 new lines in one file (batched: no 65,535-parameter statement, review N6)', async () => {
    const lines = Array.from(
      { length: 20_000 },
      (_, n) => `BULK-${100_000 + n},50000,${iso(T0 + n * 1000)},Payer ${n},`,
    );
    const response = await postStatement(t, key, [STATEMENT_HEADER, ...lines].join('\n'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 20_000, unmatched: 20_000 });
    expect(await rows('SELECT count(*)::int AS n FROM statement_lines')).toEqual([{ n: 20_000 }]);
  });

  it('answers a mapping body that is not JSON with 400 invalid_json (review N6)', async () => {
    const response = await t.app.request('/api/staff/reconciliation/statement', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"csv": "x",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('needs a staff key', async () => {
    const response = await t.call('GET', '/api/staff/reconciliation');
    expect(response.status).toBe(401);
  });
});
