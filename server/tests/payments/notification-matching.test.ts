import { beforeEach, describe, expect, it } from 'vitest';
import {
  NOTIFY_SECRET,
  STATEMENT_HEADER,
  notification,
  notify,
  postStatement,
} from '../support/bank';
import { createOrder, payOrder, readOrder, readingAnswer, type Created } from '../support/shop';
import { createMessageOutboxWorker } from '../../src/delivery/message-outbox';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { sqlRows, testStore, useTestApp, type SharedTestApp } from '../support/test-app';

/**
 * Issue #44 item 1 and #43 point 3 (N3, N5): a bank notification settles the order it names
 * only when its amount and time agree; by reference and amount it releases an order held on a
 * screenshot whose transaction id reads otherwise; whatever settles nothing alerts staff, once.
 */

type Order = { status: string; delivery: { state: string; esim: unknown } };
const ESIM_OUT = /^(assigned|delivered)$/;
const WEBHOOK = "SELECT order_id, payload FROM outbox WHERE kind = 'staff_alert_webhook'";

describe(`bank notifications matched by reference and amount (${testStore})`, () => {
  const t = useTestApp({
    env: {
      PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
      DELIVERY_POLICY: 'confirmed',
      STAFF_WEBHOOK_URL: 'https://hooks.example/staff',
    },
  });
  const rows = sqlRows(t);
  beforeEach(async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(5))).status).toBe(200);
  });

  /** An order paid by a screenshot of transaction `id`, held for the bank. */
  async function held(t: SharedTestApp, id: string, contact = 'traveller@example.com') {
    const created = await createOrder(t, { contact });
    const createdAt = created.order.createdAt as number;
    t.clock.advance(2 * 60_000);
    t.gemini.answer(
      readingAnswer({
        transactionId: id,
        transactionTime: new Date(createdAt + 60_000).toISOString(),
      }),
    );
    await payOrder(t, created);
    expect((await readOrder<Order>(t, created)).delivery.state).toBe('held');
    return created;
  }
  const paidAt = (created: Created, after: number) =>
    new Date((created.order.createdAt as number) + after).toISOString();
  const bank = (created: Created) =>
    rows('SELECT bank_state, bank_confirmed_by FROM orders WHERE id = $1', [created.order.id]);

  it('releases a held order whose screenshot id reads otherwise, and records which evidence matched', async () => {
    const created = await held(t, 'DEMO1128031645');
    const response = await notify(
      t,
      notification(created.order.number, {
        transactionId: 'BANK1764300000',
        paidAt: paidAt(created, 60_000),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderId: created.order.id, status: 'paid' });
    const order = await readOrder<Order>(t, created);
    expect(order.delivery.state).toMatch(ESIM_OUT);
    expect(order.delivery.esim).not.toBeNull();
    expect(await bank(created)).toEqual([
      { bank_state: 'confirmed', bank_confirmed_by: 'notification' },
    ]);
    const [event] = await rows(
      "SELECT evidence FROM order_events WHERE order_id = $1 AND event = 'bankConfirmed'",
      [created.order.id],
    );
    expect(event!.evidence).toMatchObject({
      matchedBy: 'reference-and-amount',
      transactionId: 'BANK1764300000',
      screenshotTransactionId: 'DEMO1128031645',
    });
    expect(await rows('SELECT outcome FROM payment_notifications')).toEqual([
      { outcome: 'confirmed' },
    ]);
    expect(await rows(WEBHOOK)).toEqual([]);
  });

  it.each([
    ['another amount', { amount: 1_000 }, 'amount'],
    ['a time before the order was made', { paidAt: -10 * 60_000 }, 'before_order'],
    ['a time after the payment window', { paidAt: 60 * 60_000 }, 'outside_window'],
  ] as const)(
    'keeps a held order held on %s: mismatch, staff alerted once',
    async (_n, change, reason) => {
      const created = await held(t, 'KBZ-300001');
      const body = notification(created.order.number, {
        transactionId: 'BANK1764300002',
        paidAt: paidAt(created, 'paidAt' in change ? change.paidAt : 60_000),
        ...('amount' in change ? { amount: change.amount } : {}),
      });
      const response = await notify(t, body);
      expect(response.status).toBe(202);
      expect((await readOrder<Order>(t, created)).delivery.state).toBe('held');
      expect(await bank(created)).toEqual([{ bank_state: 'mismatch', bank_confirmed_by: null }]);
      // The same notification again (the acquirer retries): no second alert.
      expect((await notify(t, body)).status).toBe(200);
      expect(await rows(WEBHOOK)).toEqual([
        {
          order_id: created.order.id,
          payload: expect.objectContaining({
            event: 'payment.notification_unmatched',
            number: created.order.number,
            reason,
          }),
        },
      ]);
    },
  );

  it('alerts staff once of a notification for no order, and of one reusing a transaction', async () => {
    const first = await held(t, 'KBZ-300002', 'first@example.com');
    const second = await createOrder(t, { contact: 'second@example.com' });
    const unknown = notification('#NXR-20260101-000000');
    expect((await notify(t, unknown)).status).toBe(202);
    expect((await notify(t, unknown)).status).toBe(200);
    // The first order's screenshot transaction, named for the second order.
    const reused = notification(second.order.number, {
      transactionId: 'KBZ-300002',
      paidAt: paidAt(second, 60_000),
    });
    expect((await notify(t, reused)).status).toBe(409);
    expect((await notify(t, reused)).status).toBe(200);
    expect(await rows(WEBHOOK)).toEqual(
      expect.arrayContaining([
        {
          order_id: null,
          payload: expect.objectContaining({
            event: 'payment.notification_unmatched',
            reason: 'no_order',
          }),
        },
        {
          order_id: first.order.id,
          payload: expect.objectContaining({
            event: 'payment.notification_reused',
            number: second.order.number,
          }),
        },
      ]),
    );
    expect(await rows(WEBHOOK)).toHaveLength(2);
  });

  it('lets a bank transaction confirm one order, ever', async () => {
    const first = await held(t, 'KBZ-300003', 'first@example.com');
    const second = await held(t, 'KBZ-300004', 'second@example.com');
    const body = (created: Created) =>
      notification(created.order.number, {
        transactionId: 'BANK1764300001',
        paidAt: paidAt(created, 60_000),
      });
    expect((await notify(t, body(first))).status).toBe(200);
    expect((await notify(t, body(second))).status).toBe(409);
    expect((await readOrder<Order>(t, second)).delivery.state).toBe('held');
    expect(await bank(second)).toEqual([{ bank_state: 'unconfirmed', bank_confirmed_by: null }]);
  });
});

describe(`statement lines confirm only what they prove (${testStore})`, () => {
  const t = useTestApp({
    env: { DELIVERY_POLICY: 'confirmed', STAFF_WEBHOOK_URL: 'https://hooks.example/staff' },
  });
  const rows = sqlRows(t);
  let key = '';
  beforeEach(async () => {
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(5))).status).toBe(200);
  });

  it.each([
    ['another amount', { amount: '70000' }, 'amount'],
    ['a time before the order was made', { at: -10 * 60_000 }, 'before_order'],
    ['a time after the payment window', { at: 60 * 60_000 }, 'outside_window'],
    ['a reference naming another order', { reference: '#NXR-20260101-000000' }, 'reference'],
  ] as const)(
    'keeps a held order held on %s: mismatch, staff alerted once',
    async (_n, change, reason) => {
      const created = await createOrder(t);
      const createdAt = created.order.createdAt as number;
      t.clock.advance(2 * 60_000);
      t.gemini.answer(
        readingAnswer({
          transactionId: 'KBZ-600001',
          transactionTime: new Date(createdAt + 60_000).toISOString(),
        }),
      );
      await payOrder(t, created);
      const at = new Date(createdAt + ('at' in change ? change.at : 60_000)).toISOString();
      const amount = 'amount' in change ? change.amount : '80000';
      const reference = 'reference' in change ? change.reference : created.order.number;
      const csv = `${STATEMENT_HEADER}\nKBZ-600001,${amount},${at},Ko Aung,${reference}\n`;
      const response = await postStatement(t, key, csv);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ confirmed: 0, mismatch: 1, released: 0 });
      expect((await readOrder<Order>(t, created)).delivery.state).toBe('held');
      expect(await rows('SELECT bank_state FROM orders WHERE id = $1', [created.order.id])).toEqual(
        [{ bank_state: 'mismatch' }],
      );
      // The same file again: nothing new, no second alert.
      expect((await postStatement(t, key, csv)).status).toBe(200);
      expect(await rows(WEBHOOK)).toEqual([
        {
          order_id: created.order.id,
          payload: expect.objectContaining({ event: 'order.bank_mismatch', reason }),
        },
      ]);
    },
  );
});

describe(`a statement line imported before the screenshot (${testStore})`, () => {
  // Under instant a screenshot alone is delivered: only the line's disagreement can hold it.
  const t = useTestApp({
    env: { DELIVERY_POLICY: 'instant', STAFF_WEBHOOK_URL: 'https://hooks.example/staff' },
  });
  const rows = sqlRows(t);
  let key = '';
  beforeEach(async () => {
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(5))).status).toBe(200);
  });

  /** The line for KBZ-610001 imported first, then an order paid by a screenshot showing it. */
  async function lineThenScreenshot(change: { amount?: string; at?: number; reference?: string }) {
    const created = await createOrder(t);
    const createdAt = created.order.createdAt as number;
    const at = new Date(createdAt + (change.at ?? 60_000)).toISOString();
    const reference = change.reference ?? created.order.number;
    const csv = `${STATEMENT_HEADER}\nKBZ-610001,${change.amount ?? '80000'},${at},Ko Aung,${reference}\n`;
    expect(await (await postStatement(t, key, csv)).json()).toMatchObject({ unmatched: 1 });
    t.clock.advance(2 * 60_000);
    t.gemini.answer(
      readingAnswer({
        transactionId: 'KBZ-610001',
        transactionTime: new Date(createdAt + 60_000).toISOString(),
      }),
    );
    const answer = await payOrder<{ order: Order }>(t, created);
    return { created, answer };
  }

  it.each([
    ['another amount', { amount: '70000' }, 'amount'],
    ['a time before the order was made', { at: -10 * 60_000 }, 'before_order'],
    ['a time after the payment window', { at: 60 * 60_000 }, 'outside_window'],
    ['a reference naming another order', { reference: '#NXR-20260101-000000' }, 'reference'],
  ] as const)('holds the order on %s: mismatch, staff alerted once', async (_n, change, reason) => {
    const { created, answer } = await lineThenScreenshot(change);
    expect(answer.order.status).toBe('paid');
    expect(answer.order.delivery.state).toBe('held');
    expect(answer.order.delivery.esim).toBeNull();
    expect(
      await rows('SELECT bank_state, bank_confirmed_by FROM orders WHERE id = $1', [
        created.order.id,
      ]),
    ).toEqual([{ bank_state: 'mismatch', bank_confirmed_by: null }]);
    expect(await rows(WEBHOOK)).toEqual([
      {
        order_id: created.order.id,
        payload: expect.objectContaining({
          event: 'order.bank_mismatch',
          number: created.order.number,
          transactionId: 'KBZ610001',
          reason,
        }),
      },
    ]);
  });

  it('confirms and delivers at once when the line agrees in amount, time and reference', async () => {
    const { created, answer } = await lineThenScreenshot({});
    expect(answer.order.delivery.state).toMatch(ESIM_OUT);
    expect(
      await rows('SELECT bank_state, bank_confirmed_by FROM orders WHERE id = $1', [
        created.order.id,
      ]),
    ).toEqual([{ bank_state: 'confirmed', bank_confirmed_by: 'statement' }]);
    expect(await rows(WEBHOOK)).toEqual([]);
  });
});

describe(`a held order past its promised time (${testStore})`, () => {
  const t = useTestApp({
    env: {
      DELIVERY_POLICY: 'confirmed',
      BANK_CONFIRMATION_MINUTES: '120',
      STAFF_WEBHOOK_URL: 'https://hooks.example/staff',
    },
  });
  beforeEach(async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(3))).status).toBe(200);
  });

  it('alerts staff once per order when the promise passes, through the outbox (issue #44 item 1)', async () => {
    const posted: { event: string; number?: string }[] = [];
    const worker = createMessageOutboxWorker(t.deps, {
      fetch: async (input, init) => {
        posted.push((await new Request(input, init).json()) as { event: string });
        return new Response(null, { status: 204 });
      },
    });
    const created = await createOrder(t);
    const createdAt = created.order.createdAt as number;
    t.clock.advance(60_000);
    t.gemini.answer(
      readingAnswer({
        transactionId: 'KBZ-620001',
        transactionTime: new Date(createdAt + 30_000).toISOString(),
      }),
    );
    const paid = await payOrder<{ order: { delivery: { state: string; promisedBy: number } } }>(
      t,
      created,
    );
    expect(paid.order.delivery.state).toBe('held');
    const overdue = () => posted.filter((body) => body.event === 'order.held_overdue');
    // Within the promise: nothing.
    t.clock.set(paid.order.delivery.promisedBy - 1_000);
    await worker.runOnce();
    expect(overdue()).toEqual([]);
    // Past it: one alert naming the order, and never a second one.
    t.clock.set(paid.order.delivery.promisedBy + 1_000);
    await worker.runOnce();
    t.clock.advance(60 * 60_000);
    await worker.runOnce();
    expect(overdue()).toEqual([
      expect.objectContaining({
        event: 'order.held_overdue',
        orderId: created.order.id,
        number: created.order.number,
        promisedBy: paid.order.delivery.promisedBy,
        bankState: 'unconfirmed',
      }),
    ]);
    await worker.stop();
  });
});
