import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFY_SECRET, notification, notify } from '../support/bank';
import {
  createOrder,
  readingAnswer,
  submitReceipt,
  readOrder,
  type Created,
} from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { createTestApp, testStore, useTestApp, sqlRows } from '../support/test-app';

type Order = { id: string; status: string; delivery: { state: string; esim: unknown } };

describe(`POST /api/payments/notifications (${testStore})`, () => {
  const t = useTestApp({ env: { PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET } });
  beforeEach(async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(5))).status).toBe(200);
  });

  const rows = sqlRows(t);
  const orderOf = (created: Created) => readOrder<Order>(t, created);

  it('pays and delivers a matching order at once, with no upload', async () => {
    const created = await createOrder(t);
    t.clock.advance(2 * 60_000);
    const response = await notify(t, notification(created.order.number));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderId: created.order.id, status: 'paid' });
    const order = await orderOf(created);
    expect(order.status).toBe('paid');
    expect(order.delivery.state).toMatch(/assigned|delivered/);
    expect(order.delivery.esim).not.toBeNull();
    expect(
      await rows('SELECT verified_by, bank_state, bank_confirmed_by FROM orders WHERE id = $1', [
        created.order.id,
      ]),
    ).toEqual([
      { verified_by: 'bank', bank_state: 'confirmed', bank_confirmed_by: 'notification' },
    ]);
    expect(await rows('SELECT transaction_id, verified_by FROM payments')).toEqual([
      { transaction_id: '012345678901', verified_by: 'bank' },
    ]);
  });

  it('takes the order number without its #', async () => {
    const created = await createOrder(t);
    const response = await notify(t, notification(created.order.number.slice(1)));
    expect(response.status).toBe(200);
    expect((await orderOf(created)).status).toBe('paid');
  });

  it('refuses a missing, malformed or wrong signature, a stale or future one, and a changed body (401)', async () => {
    const created = await createOrder(t);
    const body = notification(created.order.number);
    const answers = [
      await notify(t, body, { header: null }),
      await notify(t, body, { header: 'v1=abc' }),
      await notify(t, body, { secret: 'another-secret-0123456789' }),
      await notify(t, body, { at: t.clock.now() - 301_000 }),
      await notify(t, body, { at: t.clock.now() + 301_000 }),
      await notify(t, { ...body, amount: 1 }, { signed: JSON.stringify(body) }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'unauthorized',
      );
    }
    expect(await rows('SELECT count(*)::int AS n FROM payment_notifications')).toEqual([{ n: 0 }]);
    expect((await orderOf(created)).status).toBe('awaiting_payment');
    // Within 300 s the same body is good.
    expect((await notify(t, body, { at: t.clock.now() - 299_000 })).status).toBe(200);
  });

  it('answers a repeated eventId with duplicate and does nothing again', async () => {
    const created = await createOrder(t);
    const body = notification(created.order.number);
    expect((await notify(t, body)).status).toBe(200);
    t.clock.advance(1000);
    const again = await notify(t, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    expect(await rows('SELECT count(*)::int AS n FROM payment_notifications')).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*)::int AS n FROM profiles WHERE state <> 'in_stock'")).toEqual(
      [{ n: 1 }],
    );
  });

  it('pays one order when the notification comes before the screenshot of the same payment', async () => {
    const created = await createOrder(t);
    t.clock.advance(2 * 60_000);
    expect((await notify(t, notification(created.order.number))).status).toBe(200);
    t.gemini.answer(readingAnswer());
    const receipt = await submitReceipt(t, created);
    expect(receipt.status).toBe(200);
    const answer = (await receipt.json()) as { verification: { status: string } };
    expect(answer.verification.status).toBe('confirmed');
    expect(await rows('SELECT count(*)::int AS n FROM payments')).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*)::int AS n FROM profiles WHERE state <> 'in_stock'")).toEqual(
      [{ n: 1 }],
    );
  });

  it('pays one order when the screenshot comes first, and the notification confirms it', async () => {
    const created = await createOrder(t);
    t.clock.advance(2 * 60_000);
    t.gemini.answer(readingAnswer());
    expect((await submitReceipt(t, created)).status).toBe(200);
    const response = await notify(t, notification(created.order.number));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderId: created.order.id, status: 'paid' });
    expect(await rows('SELECT count(*)::int AS n FROM payments')).toEqual([{ n: 1 }]);
    expect(
      await rows('SELECT verified_by, bank_state FROM orders WHERE id = $1', [created.order.id]),
    ).toEqual([{ verified_by: 'gemini', bank_state: 'confirmed' }]);
    expect(await rows('SELECT outcome FROM payment_notifications')).toEqual([
      { outcome: 'confirmed' },
    ]);
  });

  it('records an unknown order or another amount as unmatched (202) and pays nothing', async () => {
    const created = await createOrder(t);
    const unknown = await notify(t, notification('#NXR-20260101-000000'));
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ recorded: true, outcome: 'unmatched' });
    const short = await notify(
      t,
      notification(created.order.number, { amount: 79_000, transactionId: 'KBZ 555 666 777' }),
    );
    expect(short.status).toBe(202);
    expect((await orderOf(created)).status).toBe('awaiting_payment');
    expect(await rows('SELECT count(*)::int AS n FROM payments')).toEqual([{ n: 0 }]);
    expect(
      await rows(
        'SELECT outcome, order_id FROM payment_notifications ORDER BY received_at, amount',
      ),
    ).toEqual(
      expect.arrayContaining([
        { outcome: 'unmatched', order_id: null },
        { outcome: 'unmatched', order_id: created.order.id },
      ]),
    );
    // Staff see both in the reconciliation.
    const key = await staffKey(t);
    const report = await t.call('GET', '/api/staff/reconciliation', undefined, {
      Authorization: `Bearer ${key}`,
    });
    const body = (await report.json()) as { counts: { unmatched: number } };
    expect(body.counts.unmatched).toBe(2);
  });

  it('answers 409 transaction_reused for a transaction that paid another order, and records it', async () => {
    const first = await createOrder(t);
    t.clock.advance(1000);
    const second = await createOrder(t, { contact: 'other@example.com' });
    t.clock.advance(2 * 60_000);
    t.gemini.answer(readingAnswer());
    expect((await submitReceipt(t, first)).status).toBe(200);
    const response = await notify(t, notification(second.order.number));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'transaction_reused',
    );
    expect((await orderOf(second)).status).toBe('awaiting_payment');
    expect(await rows('SELECT outcome, order_id FROM payment_notifications')).toEqual([
      { outcome: 'reused', order_id: first.order.id },
    ]);
  });

  it('refuses a body that is not a notification (400), signed or not', async () => {
    const response = await notify(t, { eventId: 'x' });
    expect(response.status).toBe(400);
  });
});

describe(`POST /api/payments/notifications without a secret (${testStore})`, () => {
  it('answers 404 notifications_disabled', async () => {
    const t = await createTestApp();
    try {
      const response = await notify(t, notification('#NXR-20261123-163000'));
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'notifications_disabled',
      );
    } finally {
      await t.close();
    }
  });
});
