import { describe, expect, it } from 'vitest';
import {
  createOrder,
  heldAnswer,
  readingAnswer,
  submitReceipt,
  readOrder,
  payOrder,
} from '../support/shop';
import { createTestApp, T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;
type Answer = { order: Row; verification: { status: string; reason?: Row } };

describe(`receipt races and restarts (${testStore})`, () => {
  const t = useTestApp();
  const { gemini } = t;

  const rows = sqlRows(t);

  it('confirms exactly one of 50 parallel receipts with the same transaction id, across 50 orders', async () => {
    const created = [];
    for (let index = 0; index < 50; index += 1) {
      created.push(await createOrder(t, { contact: `buyer${index}@example.com` }));
    }
    gemini.answer(readingAnswer({ transactionId: 'KBZ-7788-9900' }));
    const answers = await Promise.all(created.map((order) => payOrder<Answer>(t, order)));
    const confirmed = answers.filter((answer) => answer.verification.status === 'confirmed');
    expect(confirmed).toHaveLength(1);
    const refused = answers.filter((answer) => answer.verification.status === 'failed');
    expect(refused).toHaveLength(49);
    for (const answer of refused) {
      expect(answer.verification.reason).toEqual({
        code: 'reused',
        transactionId: 'KBZ-7788-9900',
      });
      expect(answer.order.status).toBe('awaiting_payment');
    }
    expect(await rows("SELECT count(*)::int AS n FROM orders WHERE status = 'paid'")).toEqual([
      { n: 1 },
    ]);
    expect(await rows("SELECT count(*)::int AS n FROM orders WHERE status = 'verifying'")).toEqual([
      { n: 0 },
    ]);
    expect(await rows('SELECT count(*)::int AS n FROM payments')).toEqual([{ n: 1 }]);
  });

  it('after the server stopped in the middle of a check, the order is consistent and the buyer can retry', async () => {
    const created = await createOrder(t);
    // The kill: the order is marked verifying (as a check does first), then the app is gone.
    await rows("UPDATE orders SET status = 'verifying', verifying_since = $1 WHERE id = $2", [
      new Date(T0 + 60_000).toISOString(),
      created.order.id,
    ]);
    const restarted = await createTestApp({ database: t.database, aiFetch: gemini.fetch });
    restarted.clock.set(T0 + 90_000);
    const read = () => readOrder(restarted, created);

    // Within the time limit the old check might still be running: it says so.
    expect((await read()).status).toBe('verifying');
    const tooSoon = await submitReceipt(restarted, created);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.headers.get('retry-after')).toBe('30');

    // Past the limit nothing can be running: the order is open again and a retry succeeds.
    restarted.clock.set(T0 + 60_000 + 60_001);
    expect((await read()).status).toBe('awaiting_payment');
    gemini.answer(readingAnswer());
    const retried = await submitReceipt(restarted, created);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Answer).verification.status).toBe('confirmed');
    expect(await rows('SELECT status, verifying_since FROM orders')).toEqual([
      { status: 'paid', verifying_since: null },
    ]);
  });

  it('a check that outlived its claim does not pay the order twice', async () => {
    const created = await createOrder(t);
    const held = heldAnswer(readingAnswer({ transactionId: 'SLOW-100001' }));
    gemini.answer(held.script);
    const slow = submitReceipt(t, created);
    await held.arrived;
    // The clock passes the limit: a second check takes the order over and pays it.
    t.clock.advance(60_001);
    gemini.answer(readingAnswer({ transactionId: 'FAST-200002' }));
    const fast = await submitReceipt(t, created);
    expect(((await fast.json()) as Answer).verification.status).toBe('confirmed');
    held.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(await rows('SELECT transaction_id FROM payments')).toEqual([
      { transaction_id: 'FAST200002' },
    ]);
  });
});
