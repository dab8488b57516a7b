import { describe, expect, it } from 'vitest';
import { applyTransition, TransitionRefused } from '../../src/orders/lifecycle-writes';
import { payOrder, type PaymentInput } from '../../src/orders/lifecycle';
import {
  NOTIFY_SECRET,
  notification,
  notify,
  postStatement,
  STATEMENT_HEADER,
} from '../support/bank';
import { createOrder, readingAnswer, submitReceipt, type Created } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { sqlRows, T0, testStore, useTestApp, type SharedTestApp } from '../support/test-app';

/**
 * The order's one writer (issue #39, decision 115): every path that changes an order's state
 * writes exactly its events, in the statement that makes the change; two changes from the same
 * state cannot both happen; an event never exists without its change.
 */

type Event = { seq: number; event: string; from: string; to: string; actor: string };

const eventsOf = async (t: SharedTestApp, orderId: string): Promise<Event[]> =>
  (
    await sqlRows(t)(
      'SELECT seq, event, from_state, to_state, actor FROM order_events WHERE order_id = $1 ORDER BY seq',
      [orderId],
    )
  ).map((row) => ({
    seq: Number(row.seq),
    event: String(row.event),
    from: String(row.from_state),
    to: String(row.to_state),
    actor: String(row.actor),
  }));

/** The events as `event from→to by actor`, for a readable comparison. */
const history = async (t: SharedTestApp, orderId: string) =>
  (await eventsOf(t, orderId)).map(
    (event) => `${event.seq} ${event.event} ${event.from}→${event.to} by ${event.actor}`,
  );

const stateOf = async (t: SharedTestApp, orderId: string) => {
  const [row] = await sqlRows(t)(
    'SELECT id, status, delivery_state, bank_state, event_seq FROM orders WHERE id = $1',
    [orderId],
  );
  return {
    id: String(row!.id),
    status: row!.status as 'paid',
    deliveryState: row!.delivery_state as 'none',
    bankState: row!.bank_state as 'unconfirmed',
    eventSeq: Number(row!.event_seq),
  };
};

const staff = async (t: SharedTestApp) => {
  const key = await staffKey(t);
  return {
    key,
    post: (path: string, body?: unknown) =>
      t.call('POST', path, body, { Authorization: `Bearer ${key}` }),
  };
};

async function paidByReceipt(t: SharedTestApp): Promise<Created> {
  t.gemini.answer(readingAnswer());
  const created = await createOrder(t);
  expect((await submitReceipt(t, created)).status).toBe(200);
  return created;
}

describe(`the order's events, the instant policy (${testStore})`, () => {
  const t = useTestApp({ env: { PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET } });

  it('a screenshot pay without stock: claimed, paid, waiting for stock', async () => {
    const created = await paidByReceipt(t);
    expect(await history(t, created.order.id)).toEqual([
      '1 receiptClaimed awaiting_payment→verifying by buyer',
      '2 paid verifying→paid by buyer',
      '3 waitingForStock none→waiting_for_stock by system',
    ]);
    expect((await stateOf(t, created.order.id)).eventSeq).toBe(3);
  });

  it('a refused receipt: claimed, released', async () => {
    t.gemini.answer(readingAnswer({ amount: 1_000 }));
    const created = await createOrder(t);
    expect((await submitReceipt(t, created)).status).toBe(200);
    expect(await history(t, created.order.id)).toEqual([
      '1 receiptClaimed awaiting_payment→verifying by buyer',
      '2 receiptReleased verifying→awaiting_payment by system',
    ]);
  });

  it('a waiting order gets its profile from a stock import', async () => {
    const created = await paidByReceipt(t);
    expect((await postStock(t, await staffKey(t), stockCsv(1))).status).toBe(200);
    expect((await history(t, created.order.id)).slice(2)).toEqual([
      '3 waitingForStock none→waiting_for_stock by system',
      '4 profileHanded waiting_for_stock→delivered by system',
    ]);
  });

  it('a notification pay: paid and confirmed by the bank in one write, then the eSIM', async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(1))).status).toBe(200);
    const created = await createOrder(t);
    expect((await notify(t, notification(created.order.number))).status).toBe(200);
    expect(await history(t, created.order.id)).toEqual([
      '1 paid awaiting_payment→paid by bank',
      '2 bankConfirmed unconfirmed→confirmed by bank',
      '3 profileHanded none→delivered by system',
    ]);
  });

  it('a notification after the screenshot: the bank’s confirmation only', async () => {
    const created = await paidByReceipt(t);
    expect((await notify(t, notification(created.order.number))).status).toBe(200);
    expect((await history(t, created.order.id)).slice(3)).toEqual([
      '4 bankConfirmed unconfirmed→confirmed by bank',
    ]);
  });

  it('staff withdraw a delivered profile', async () => {
    const { key, post } = await staff(t);
    expect((await postStock(t, key, stockCsv(1))).status).toBe(200);
    const created = await paidByReceipt(t);
    expect((await post(`/api/staff/orders/${created.order.id}/withdraw`)).status).toBe(200);
    expect((await history(t, created.order.id)).slice(2)).toEqual([
      '3 profileHanded none→delivered by system',
      '4 withdrawn delivered→withdrawn by staff:staff test',
    ]);
  });

  it('the buyer cancels', async () => {
    const created = await createOrder(t);
    const response = await t.call('POST', `/api/orders/${created.order.id}/cancel`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(response.status).toBe(200);
    expect(await history(t, created.order.id)).toEqual([
      '1 cancelled awaiting_payment→cancelled by buyer',
    ]);
  });

  it('an expired order is never written expired: it has no event until something happens', async () => {
    const created = await createOrder(t);
    t.clock.advance(24 * 60 * 60_000);
    expect((await stateOf(t, created.order.id)).status).toBe('awaiting_payment');
    expect(await history(t, created.order.id)).toEqual([]);
  });
});

describe(`the order's events, the confirmed policy (${testStore})`, () => {
  const t = useTestApp({ env: { DELIVERY_POLICY: 'confirmed' } });

  it('a held order released by a statement line', async () => {
    const created = await paidByReceipt(t);
    const { key } = await staff(t);
    const csv = `${STATEMENT_HEADER}\n012345678901,80000,${new Date(T0 + 60_000).toISOString()},Ko Aung,`;
    expect((await postStatement(t, key, csv)).status).toBe(200);
    expect(await history(t, created.order.id)).toEqual([
      '1 receiptClaimed awaiting_payment→verifying by buyer',
      '2 paid verifying→paid by buyer',
      '3 heldForBank none→held by buyer',
      '4 bankConfirmed unconfirmed→confirmed by staff:staff test',
      '5 heldReleased held→none by staff:staff test',
      '6 waitingForStock none→waiting_for_stock by system',
    ]);
  });

  it('staff confirm a held payment', async () => {
    const created = await paidByReceipt(t);
    const { post } = await staff(t);
    expect((await post(`/api/staff/orders/${created.order.id}/confirm-payment`)).status).toBe(200);
    expect((await history(t, created.order.id)).slice(3)).toEqual([
      '4 bankConfirmed unconfirmed→confirmed by staff:staff test',
      '5 heldReleased held→none by staff:staff test',
      '6 waitingForStock none→waiting_for_stock by system',
    ]);
  });

  it('staff reject a held payment: the order is withdrawn', async () => {
    const created = await paidByReceipt(t);
    const { post } = await staff(t);
    const response = await post(`/api/staff/orders/${created.order.id}/reject-payment`, {
      reason: 'Not on the account',
    });
    expect(response.status).toBe(200);
    expect((await history(t, created.order.id)).slice(3)).toEqual([
      '4 withdrawn held→withdrawn by staff:staff test',
    ]);
  });
});

describe(`the order's one writer (${testStore})`, () => {
  const t = useTestApp();

  it('two changes from the same state: one wins, the other is refused, and no event is lost', async () => {
    const created = await createOrder(t);
    const read = await stateOf(t, created.order.id);
    const change = (type: 'cancelled' | 'receiptClaimed') =>
      t.deps.database.db.transaction((tx) =>
        applyTransition(tx, { order: read, events: [{ type }], actor: 'buyer', at: T0 }),
      );
    const results = await Promise.allSettled([change('cancelled'), change('receiptClaimed')]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const refusal = (lost[0] as PromiseRejectedResult).reason as TransitionRefused;
    expect(refusal).toBeInstanceOf(TransitionRefused);
    expect(refusal.status).toBe(409);
    expect(refusal.code).toBe('state_changed');
    const events = await eventsOf(t, created.order.id);
    expect(events).toHaveLength(1);
    const after = await stateOf(t, created.order.id);
    expect(after.eventSeq).toBe(1);
    expect(after.status).toBe(events[0]!.to);
  });

  it('refuses an illegal change with its code, writing nothing', async () => {
    const created = await createOrder(t);
    const read = await stateOf(t, created.order.id);
    await expect(
      applyTransition(t.deps.database.db, {
        order: read,
        events: [{ type: 'emailSent' }],
        actor: 'system',
        at: T0,
      }),
    ).rejects.toMatchObject({ status: 409, code: 'illegal_transition' });
    expect(await eventsOf(t, created.order.id)).toEqual([]);
  });

  it('a crash after the change rolls back the change and its event together', async () => {
    const created = await createOrder(t);
    const read = await stateOf(t, created.order.id);
    const crash = new Error('the process died');
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await applyTransition(tx, {
          order: read,
          events: [{ type: 'cancelled' }],
          actor: 'buyer',
          at: T0,
        });
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await stateOf(t, created.order.id)).toEqual(read);
    expect(await eventsOf(t, created.order.id)).toEqual([]);
  });

  it('an event that cannot be written leaves no change of state', async () => {
    const created = await createOrder(t);
    const read = await stateOf(t, created.order.id);
    // The event's number taken already (a broken row): the one statement fails whole.
    await sqlRows(t)(
      `INSERT INTO order_events (order_id, seq, event, from_state, to_state, actor, at)
       VALUES ($1, 1, 'cancelled', 'x', 'y', 'test', now())`,
      [created.order.id],
    );
    await expect(
      applyTransition(t.deps.database.db, {
        order: read,
        events: [{ type: 'cancelled' }],
        actor: 'buyer',
        at: T0,
      }),
    ).rejects.toThrow();
    expect(await stateOf(t, created.order.id)).toEqual(read);
    expect(await eventsOf(t, created.order.id)).toHaveLength(1);
  });
});

describe(`payOrder: one way to pay (${testStore})`, () => {
  const t = useTestApp();

  const provider = (orderId: string, transactionId = 'CARD-0001-2345'): PaymentInput => ({
    orderId,
    actor: 'provider:card',
    method: 'card',
    transactionId,
    amount: 80_000,
    currency: 'MMK',
    confirmedByProvider: true,
    evidence: { captureId: 'cap_1' },
  });

  it('pays, then answers the same transaction again as already paid', async () => {
    const created = await createOrder(t);
    expect(await payOrder(t.deps, provider(created.order.id))).toEqual({
      kind: 'paid',
      orderId: created.order.id,
    });
    expect(await payOrder(t.deps, provider(created.order.id))).toEqual({
      kind: 'already-paid',
      orderId: created.order.id,
    });
    expect(await history(t, created.order.id)).toEqual([
      '1 paid awaiting_payment→paid by provider:card',
      '2 bankConfirmed unconfirmed→confirmed by provider:card',
      '3 waitingForStock none→waiting_for_stock by system',
    ]);
    const [payment] = await sqlRows(t)('SELECT transaction_id, order_id FROM payments');
    expect(payment).toEqual({ transaction_id: 'CARD00012345', order_id: created.order.id });
  });

  it('refuses a transaction that paid another order, a cancelled order, an expired one', async () => {
    const first = await createOrder(t);
    const second = await createOrder(t);
    await payOrder(t.deps, provider(first.order.id));
    expect(await payOrder(t.deps, provider(second.order.id))).toMatchObject({
      kind: 'refused',
      code: 'transaction_reused',
    });
    await t.call('POST', `/api/orders/${second.order.id}/cancel`, undefined, {
      'X-Order-Token': second.token,
    });
    expect(await payOrder(t.deps, provider(second.order.id, 'CARD-0002-2345'))).toMatchObject({
      kind: 'refused',
      code: 'order_closed',
    });
    const third = await createOrder(t);
    t.clock.advance(60 * 60_000);
    const unconfirmed = {
      ...provider(third.order.id, 'CARD-0003-2345'),
      confirmedByProvider: false,
    };
    expect(await payOrder(t.deps, unconfirmed)).toMatchObject({
      kind: 'refused',
      code: 'order_expired',
    });
    expect(await eventsOf(t, third.order.id)).toEqual([]);
    expect(await eventsOf(t, second.order.id)).toHaveLength(1);
  });
});

describe(`GET /api/staff/orders/{id}/events (${testStore})`, () => {
  const t = useTestApp();

  it('answers the order’s history in order, with its evidence, for staff only', async () => {
    const created = await paidByReceipt(t);
    const { key } = await staff(t);
    const path = `/api/staff/orders/${created.order.id}/events`;
    const response = await t.call('GET', path, undefined, { Authorization: `Bearer ${key}` });
    expect(response.status).toBe(200);
    const { events } = (await response.json()) as {
      events: {
        seq: number;
        event: string;
        from: string;
        to: string;
        actor: string;
        at: number;
        evidence: Record<string, unknown>;
      }[];
    };
    expect(
      events.map((event) => [event.seq, event.event, event.from, event.to, event.actor]),
    ).toEqual([
      [1, 'receiptClaimed', 'awaiting_payment', 'verifying', 'buyer'],
      [2, 'paid', 'verifying', 'paid', 'buyer'],
      [3, 'waitingForStock', 'none', 'waiting_for_stock', 'system'],
    ]);
    expect(events[1]!.evidence).toMatchObject({
      method: 'receipt',
      transactionId: '0123 4567 8901',
      amount: 80_000,
      payeeShown: true,
    });
    expect(events.every((event) => event.at === T0)).toBe(true);
    expect((await t.call('GET', path)).status).toBe(401);
    const unknown = await t.call(
      'GET',
      `/api/staff/orders/${crypto.randomUUID()}/events`,
      undefined,
      { Authorization: `Bearer ${key}` },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'not_found', message: expect.any(String) },
    });
  });
});
