import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFake2c2p } from '../../../e2e/support/fake-2c2p.mjs';
import { NOTIFY_SECRET, notification, notify } from '../support/bank';
import { createOrder, type Created } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import {
  sqlRows,
  testStore,
  useTestApp,
  type SharedTestApp,
  type TestApp,
} from '../support/test-app';

/**
 * Refunds and replacements (issue #41) through the API on both stores: the buyer's request (the
 * order's token is the key, one open request), staff's decisions, a manual refund with the bank's
 * reference, a card refund through 2C2P's Payment Maintenance (the fake speaks its JWE/JWS
 * protocol), repeated and concurrent (one refund), refused by the provider and the provider down,
 * and a replacement from stock with the old profile withdrawn.
 */

let route: SharedTestApp | TestApp | undefined;
const toApp: typeof fetch = (input, init) =>
  Promise.resolve(route!.app.request(String(input instanceof Request ? input.url : input), init));
const twoC2P = await startFake2c2p({ fetch: toApp });
afterAll(() => twoC2P.close());

type Answer = {
  request: null | {
    id: string;
    kind: string;
    reason: string;
    policy: string;
    state: string;
    staffReason: string | null;
    refund: null | {
      method: string;
      state: string;
      bankReference: string | null;
      providerStatus: string | null;
      providerReason: string | null;
    };
  };
  standing: string;
  paidAt: number | null;
};

describe(`refund and replacement requests (${testStore})`, () => {
  const t = useTestApp({
    env: {
      PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
      PAYMENT_METHODS: '2c2p',
      TWOC2P_MERCHANT_ID: twoC2P.merchantId,
      TWOC2P_SECRET_KEY: twoC2P.secretKey,
      TWOC2P_BASE_URL: twoC2P.url,
      TWOC2P_CURRENCY: 'USD',
      TWOC2P_MERCHANT_PRIVATE_KEY: twoC2P.merchantPrivateKey,
      TWOC2P_PUBLIC_KEY: twoC2P.providerPublicKey,
      TWOC2P_MAINTENANCE_URL: twoC2P.maintenanceUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:8787',
      PAYMENT_PROVIDER_TIMEOUT_MS: '20000',
    },
  });
  route = t;
  const rows = sqlRows(t);
  let key = '';
  beforeEach(async () => {
    twoC2P.reset();
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(6))).status).toBe(200);
  });

  const staff = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/staff${path}`, body, { Authorization: `Bearer ${key}` });

  /** An MMQR order paid by the bank's notification: its eSIM delivered from stock. */
  let transactions = 0;
  const paidByBank = async () => {
    const created = await createOrder(t);
    transactions += 1;
    const transactionId = `KBZ ${String(transactions).padStart(12, '0')}`;
    const response = await notify(t, notification(created.order.number, { transactionId }));
    expect(response.status).toBe(200);
    return created;
  };

  /** A card order paid through the 2C2P fake. */
  const paidByCard = async () => {
    const created = await createOrder(t);
    const started = await t.call(
      'POST',
      `/api/orders/${created.order.id}/payments`,
      { method: '2c2p' },
      { 'X-Order-Token': created.token },
    );
    expect(started.status).toBe(201);
    const { invoiceNo } = (await started.json()) as { invoiceNo: string };
    await twoC2P.approve(invoiceNo);
    return { created, invoiceNo };
  };

  const ask = (created: Created, body: Record<string, unknown>, token = created.token) =>
    t.call('POST', `/api/orders/${created.order.id}/request`, body, { 'X-Order-Token': token });

  const state = async (created: Created) => {
    const response = await t.call('GET', `/api/orders/${created.order.id}/request`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };

  const events = async (orderId: string) =>
    (
      await rows(
        'SELECT event, from_state, to_state FROM order_events WHERE order_id = $1 ORDER BY seq',
        [orderId],
      )
    ).filter(
      (row) =>
        String(row.event).startsWith('refund') ||
        row.event === 'replaced' ||
        row.event === 'withdrawn',
    );

  const requestId = async (created: Created) => (await state(created)).request!.id;

  it('records the request with the policy’s answer and one refundRequested event', async () => {
    const created = await paidByBank();
    const response = await ask(created, {
      kind: 'refund',
      reason: 'plans_changed',
      note: 'Trip cancelled',
      email: 'traveller@example.com',
    });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as Answer;
    expect(answer.standing).toBe('not_installed');
    expect(answer.request).toMatchObject({
      kind: 'refund',
      reason: 'plans_changed',
      policy: 'refund',
      state: 'open',
    });
    expect(await events(created.order.id)).toEqual([
      { event: 'refundRequested', from_state: 'none', to_state: 'requested' },
    ]);
  });

  it('keeps one open request per order, also when two arrive at once', async () => {
    const created = await paidByBank();
    const answers = await Promise.all(
      [1, 2, 3].map(() => ask(created, { kind: 'refund', reason: 'not_installed' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('request_open');
    expect(await rows('SELECT count(*)::int AS n FROM order_requests')).toEqual([{ n: 1 }]);
  });

  it('refuses a request made with another order’s token (404), and one for an unpaid order', async () => {
    const mine = await paidByBank();
    const other = await paidByBank();
    const response = await ask(mine, { kind: 'refund', reason: 'not_installed' }, other.token);
    expect(response.status).toBe(404);
    expect(await rows('SELECT count(*)::int AS n FROM order_requests')).toEqual([{ n: 0 }]);
    const unpaid = await createOrder(t);
    const early = await ask(unpaid, { kind: 'refund', reason: 'not_installed' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('not_paid');
    const bad = await ask(mine, { kind: 'refund', reason: 'bored' });
    expect(bad.status).toBe(400);
  });

  it('refunds an MMQR payment by hand: the bank reference required, kept and shown; the eSIM withdrawn', async () => {
    const created = await paidByBank();
    await ask(created, { kind: 'refund', reason: 'wrong_phone', email: 'traveller@example.com' });
    const id = await requestId(created);
    const missing = await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect(missing.status).toBe(400);
    const approved = await staff('POST', `/requests/${id}/approve`, {
      action: 'refund',
      bankReference: 'KBZ-REF-778899',
    });
    expect(approved.status).toBe(200);
    const answer = await state(created);
    expect(answer.request).toMatchObject({
      state: 'refunded',
      refund: { method: 'manual', state: 'done', bankReference: 'KBZ-REF-778899' },
    });
    expect(await events(created.order.id)).toEqual([
      { event: 'refundRequested', from_state: 'none', to_state: 'requested' },
      { event: 'refunded', from_state: 'requested', to_state: 'refunded' },
      {
        event: 'withdrawn',
        from_state: expect.stringMatching(/assigned|delivered/),
        to_state: 'withdrawn',
      },
    ]);
    expect(
      await rows('SELECT state FROM profiles WHERE order_id = $1', [created.order.id]),
    ).toEqual([{ state: 'withdrawn' }]);
    // The answer goes to the address the buyer left, which the request no longer keeps.
    expect(
      await rows(
        "SELECT payload->>'outcome' AS outcome FROM outbox WHERE kind = 'request_answer_email'",
      ),
    ).toEqual([{ outcome: 'refunded' }]);
    expect(await rows('SELECT email FROM order_requests')).toEqual([{ email: null }]);
    // Approved again: nothing more.
    const again = await staff('POST', `/requests/${id}/approve`, {
      action: 'refund',
      bankReference: 'KBZ-REF-778899',
    });
    expect(again.status).toBe(409);
    expect(await rows('SELECT count(*)::int AS n FROM refunds')).toEqual([{ n: 1 }]);
    // A refunded order asks no more.
    expect((await ask(created, { kind: 'replace', reason: 'deleted' })).status).toBe(409);
  });

  it('refunds a card through 2C2P once, even when staff approve five times at once', async () => {
    const { created, invoiceNo } = await paidByCard();
    await ask(created, { kind: 'refund', reason: 'not_installed' });
    const id = await requestId(created);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => staff('POST', `/requests/${id}/approve`, { action: 'refund' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    expect(twoC2P.refunds.get(invoiceNo)).toMatchObject({
      idempotencyID: `R${invoiceNo}`,
      status: 'RF',
      amount: 19,
    });
    const refundCalls = twoC2P.calls.filter((call) => call.path.includes('PaymentAction'));
    expect(refundCalls).toHaveLength(1);
    expect((await state(created)).request).toMatchObject({
      state: 'refunded',
      refund: { method: '2c2p', state: 'done', providerStatus: 'RF' },
    });
    expect((await events(created.order.id)).map((row) => row.event)).toEqual([
      'refundRequested',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
  });

  it('keeps 2C2P’s refusal for staff (not settled), and refunds on the retry with the same request number', async () => {
    const { created, invoiceNo } = await paidByCard();
    await ask(created, { kind: 'refund', reason: 'plans_changed' });
    const id = await requestId(created);
    twoC2P.control.unsettled = true;
    const first = await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect(first.status).toBe(200);
    const listed = (await (await staff('GET', '/requests')).json()) as {
      requests: {
        id: string;
        paymentMethod: string;
        order: { refundState: string };
        refund: Answer['request'] extends null ? never : unknown;
      }[];
    };
    expect(listed.requests[0]).toMatchObject({
      id,
      paymentMethod: '2c2p',
      order: { refundState: 'requested' },
      refund: {
        state: 'failed',
        providerStatus: '12',
        providerReason: 'Transaction status is not valid to perform your action.',
      },
    });
    twoC2P.control.unsettled = false;
    const retry = await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect(retry.status).toBe(200);
    expect(twoC2P.refunds.get(invoiceNo)?.idempotencyID).toBe(`R${invoiceNo}`);
    expect((await state(created)).request?.refund).toMatchObject({ state: 'done' });
    expect((await events(created.order.id)).map((row) => row.event)).toEqual([
      'refundRequested',
      'refundStarted',
      'refundFailed',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
    expect(await rows('SELECT attempts FROM refunds')).toEqual([{ attempts: 2 }]);
  });

  it('with 2C2P down: the failure is visible, nothing refunded; pending refunds are asked until final', async () => {
    const { created, invoiceNo } = await paidByCard();
    await ask(created, { kind: 'refund', reason: 'not_installed' });
    const id = await requestId(created);
    twoC2P.control.maintenanceDown = true;
    await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect((await state(created)).request?.refund).toMatchObject({
      state: 'failed',
      providerStatus: 'unreachable',
      providerReason: expect.stringContaining('HTTP 503'),
    });
    expect(twoC2P.refunds.size).toBe(0);
    twoC2P.control.maintenanceDown = false;
    twoC2P.control.pending = true;
    await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect((await state(created)).request).toMatchObject({
      state: 'open',
      refund: { state: 'pending' },
    });
    const stillPending = await staff('POST', `/requests/${id}/check`);
    expect(((await stillPending.json()) as Answer).request?.refund?.state).toBe('pending');
    twoC2P.control.pending = false;
    const final = await staff('POST', `/requests/${id}/check`);
    expect(final.status).toBe(200);
    expect((await state(created)).request).toMatchObject({
      state: 'refunded',
      refund: { state: 'done' },
    });
    expect(twoC2P.refunds.get(invoiceNo)?.status).toBe('RF');
  });

  it('refuses with a reason the buyer reads; the buyer may ask again', async () => {
    const created = await paidByBank();
    await ask(created, { kind: 'refund', reason: 'plans_changed' });
    const id = await requestId(created);
    expect((await staff('POST', `/requests/${id}/refuse`, { reason: '' })).status).toBe(400);
    const refused = await staff('POST', `/requests/${id}/refuse`, { reason: 'The eSIM was used.' });
    expect(refused.status).toBe(200);
    expect((await state(created)).request).toMatchObject({
      state: 'refused',
      staffReason: 'The eSIM was used.',
    });
    expect((await ask(created, { kind: 'replace', reason: 'deleted' })).status).toBe(201);
    expect((await events(created.order.id)).map((row) => row.event)).toEqual([
      'refundRequested',
      'refundRefused',
      'refundRequested',
    ]);
  });

  it('replaces from stock: the old profile withdrawn, a new eSIM on the order', async () => {
    const created = await paidByBank();
    const [old] = await rows('SELECT iccid FROM profiles WHERE order_id = $1', [created.order.id]);
    await ask(created, { kind: 'replace', reason: 'deleted', email: 'traveller@example.com' });
    const id = await requestId(created);
    const approved = await staff('POST', `/requests/${id}/approve`, { action: 'replace' });
    expect(approved.status).toBe(200);
    const [fresh] = await rows('SELECT iccid, state FROM profiles WHERE order_id = $1', [
      created.order.id,
    ]);
    expect(fresh!.iccid).not.toBe(old!.iccid);
    expect(
      await rows('SELECT state, replaced_order_id FROM profiles WHERE iccid = $1', [old!.iccid]),
    ).toEqual([{ state: 'withdrawn', replaced_order_id: created.order.id }]);
    const order = (await (
      await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
        'X-Order-Token': created.token,
      })
    ).json()) as { order: { delivery: { esim: { iccid: string } | null } } };
    expect(order.order.delivery.esim?.iccid).toBe(fresh!.iccid);
    expect((await events(created.order.id)).map((row) => row.event)).toEqual([
      'refundRequested',
      'replaced',
    ]);
    expect(
      await rows(
        "SELECT event, to_state FROM order_events WHERE order_id = $1 AND event = 'profileHanded' ORDER BY seq",
        [created.order.id],
      ),
    ).toHaveLength(2);
    expect((await state(created)).request).toMatchObject({ state: 'replaced' });
  });
});
