import { request as httpsRequest } from 'node:https';
import { rmSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFake2c2p } from '../../../e2e/support/fake-2c2p.mjs';
import { startFakeKbzpay } from '../../../e2e/support/fake-kbzpay.mjs';
import { createRefundRound } from '../../src/orders/refund-round';
import { createProviders } from '../../src/payments/providers/provider-payments';
import { createOrder, type Created } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { makeTestCerts } from '../support/test-certs';
import {
  createTestApp,
  sqlRows,
  testStore,
  useTestApp,
  type SharedTestApp,
  type TestApp,
} from '../support/test-app';

/**
 * KBZPay's refund API over mutual TLS (issue #41 point 3, decision 136) and the refund round
 * that asks about pending provider refunds until final (decision 137), on both stores. The
 * KBZPay fake answers `kbz.payment.refund` only on its HTTPS listener that asks for a client
 * certificate signed by the test CA (made with openssl for this file).
 */

const certs = makeTestCerts();
let route: SharedTestApp | TestApp | undefined;
const toApp: typeof fetch = (input, init) =>
  Promise.resolve(route!.app.request(String(input instanceof Request ? input.url : input), init));
const kbz = await startFakeKbzpay({
  fetch: toApp,
  tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca },
});
const twoC2P = await startFake2c2p({ fetch: toApp });
afterAll(async () => {
  await kbz.close();
  await twoC2P.close();
  rmSync(certs.dir, { recursive: true, force: true });
});

const baseEnv = {
  PAYMENT_METHODS: '2c2p,kbzpay',
  TWOC2P_MERCHANT_ID: twoC2P.merchantId,
  TWOC2P_SECRET_KEY: twoC2P.secretKey,
  TWOC2P_BASE_URL: twoC2P.url,
  TWOC2P_CURRENCY: 'USD',
  TWOC2P_MERCHANT_PRIVATE_KEY: twoC2P.merchantPrivateKey,
  TWOC2P_PUBLIC_KEY: twoC2P.providerPublicKey,
  TWOC2P_MAINTENANCE_URL: twoC2P.maintenanceUrl,
  KBZPAY_BASE_URL: kbz.url,
  KBZPAY_APP_ID: kbz.appId,
  KBZPAY_MERCH_CODE: kbz.merchCode,
  KBZPAY_APP_KEY: kbz.appKey,
  PUBLIC_API_URL: 'http://127.0.0.1:8787',
  PAYMENT_PROVIDER_TIMEOUT_MS: '20000',
};

const certEnv = {
  KBZPAY_CLIENT_CERT: certs.clientCertFile,
  KBZPAY_CLIENT_KEY: certs.clientKeyFile,
  KBZPAY_CLIENT_CA: certs.caFile,
  KBZPAY_REFUND_URL: kbz.refundUrl,
};

type RefundAnswer = {
  method: string;
  state: string;
  providerStatus: string | null;
  providerReason: string | null;
};
type Answer = { request: null | { id: string; state: string; refund: null | RefundAnswer } };

describe(`provider refunds: KBZPay over mutual TLS, and the refund round (${testStore})`, () => {
  const t = useTestApp({ env: { ...baseEnv, ...certEnv } });
  route = t;
  const rows = sqlRows(t);
  let key = '';
  beforeEach(async () => {
    kbz.reset();
    twoC2P.reset();
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(6))).status).toBe(200);
  });

  const staff = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/staff${path}`, body, { Authorization: `Bearer ${key}` });

  const startPayment = async (created: Created, method: '2c2p' | 'kbzpay') => {
    const started = await t.call(
      'POST',
      `/api/orders/${created.order.id}/payments`,
      { method },
      { 'X-Order-Token': created.token },
    );
    expect(started.status).toBe(201);
    return ((await started.json()) as { invoiceNo: string }).invoiceNo;
  };

  /** An order paid with KBZPay's QR, asking for a refund: its request id and invoice. */
  const kbzRefundAsked = async () => {
    const created = await createOrder(t);
    const invoiceNo = await startPayment(created, 'kbzpay');
    await kbz.pay(invoiceNo);
    expect((await readState(created)).request).toBeNull();
    const asked = await t.call(
      'POST',
      `/api/orders/${created.order.id}/request`,
      { kind: 'refund', reason: 'not_installed' },
      { 'X-Order-Token': created.token },
    );
    expect(asked.status).toBe(201);
    return { created, invoiceNo, id: (await readState(created)).request!.id };
  };

  const readState = async (created: Created) => {
    const response = await t.call('GET', `/api/orders/${created.order.id}/request`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };

  const events = async (orderId: string) =>
    (await rows('SELECT event FROM order_events WHERE order_id = $1 ORDER BY seq', [orderId]))
      .map((row) => String(row.event))
      .filter((event) => event.startsWith('refund') || event === 'withdrawn');

  const refundCalls = () => kbz.calls.filter((call) => call.path === '/refund');
  const refundQueries = (invoiceNo: string) =>
    kbz.calls.filter((call) => call.path === '/queryorder' && call.refund === `R${invoiceNo}`);

  it('refunds a KBZPay payment once over mutual TLS, even when staff approve five times at once', async () => {
    const { created, invoiceNo, id } = await kbzRefundAsked();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => staff('POST', `/requests/${id}/approve`, { action: 'refund' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(refundCalls()).toEqual([{ path: '/refund', secure: true, refund: `R${invoiceNo}` }]);
    expect([...kbz.refunds.values()]).toEqual([
      expect.objectContaining({
        merch_order_id: invoiceNo,
        refund_request_no: `R${invoiceNo}`,
        refund_amount: String(created.order.price),
        status: 'REFUNDSUCCESS',
      }),
    ]);
    expect((await readState(created)).request).toMatchObject({
      state: 'refunded',
      refund: { method: 'kbzpay', state: 'done', providerStatus: 'REFUNDSUCCESS' },
    });
    // Approved again later: the order is refunded, nothing is asked of KBZPay.
    const again = await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    expect(again.status).toBe(409);
    expect(refundCalls()).toHaveLength(1);
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
  });

  it('keeps KBZPay’s refusal with its reason for staff; the retry asks with the same request number', async () => {
    const { created, invoiceNo, id } = await kbzRefundAsked();
    kbz.control.refundRefusal = 'Refund is not allowed for this transaction';
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    const listed = (await (await staff('GET', '/requests')).json()) as {
      requests: { id: string; paymentMethod: string; refund: RefundAnswer | null }[];
    };
    expect(listed.requests.find((request) => request.id === id)).toMatchObject({
      paymentMethod: 'kbzpay',
      refund: {
        state: 'failed',
        providerStatus: '3002',
        providerReason: 'Refund is not allowed for this transaction',
      },
    });
    expect(kbz.refunds.size).toBe(0);
    kbz.control.refundRefusal = null;
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    expect([...kbz.refunds.keys()]).toEqual([`R${invoiceNo}`]);
    expect((await readState(created)).request?.refund?.state).toBe('done');
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refundFailed',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
  });

  it('with KBZPay down: the failure stays visible, nothing refunded; the retry refunds once', async () => {
    const { created, id } = await kbzRefundAsked();
    kbz.control.down = true;
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    expect((await readState(created)).request).toMatchObject({
      state: 'open',
      refund: {
        state: 'failed',
        providerStatus: 'unreachable',
        providerReason: expect.stringContaining('HTTP 503'),
      },
    });
    expect(kbz.refunds.size).toBe(0);
    kbz.control.down = false;
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    expect((await readState(created)).request?.refund?.state).toBe('done');
    expect(kbz.refunds.size).toBe(1);
  });

  it('answers 503 naming the missing client certificate, and asks KBZPay nothing', async () => {
    const { created, id } = await kbzRefundAsked();
    const bare = await createTestApp({ env: baseEnv, database: t.database });
    const answer = await bare.call(
      'POST',
      `/api/staff/requests/${id}/approve`,
      { action: 'refund' },
      { Authorization: `Bearer ${key}` },
    );
    expect(answer.status).toBe(503);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('provider_unavailable');
    expect(body.error.message).toContain('KBZPAY_CLIENT_CERT and KBZPAY_CLIENT_KEY');
    expect(refundCalls()).toHaveLength(0);
    expect((await readState(created)).request).toMatchObject({ state: 'open', refund: null });
  });

  it('the fake’s refund address refuses a client without a certificate (the TLS handshake)', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const outgoing = httpsRequest(
        `${kbz.refundUrl}/refund`,
        { method: 'POST', ca: certs.ca, headers: { 'Content-Type': 'application/json' } },
        (response) => {
          response.resume();
          resolve(`answered ${response.statusCode}`);
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(`refused ${error.code}`));
      outgoing.end(JSON.stringify({ Request: {} }));
    });
    expect(outcome).toMatch(/^refused /);
    expect(refundCalls()).toHaveLength(0);
  });

  it('the round finishes a pending KBZPay refund, asking again with backoff until final', async () => {
    const { created, invoiceNo, id } = await kbzRefundAsked();
    kbz.control.refundPending = true;
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    expect((await readState(created)).request).toMatchObject({
      state: 'open',
      refund: { state: 'pending', providerStatus: 'REFUNDING' },
    });
    const round = createRefundRound(t.deps, createProviders(t.deps), { backoffMs: 60_000 });
    // Not due yet: the first check waits a minute after the refund was asked.
    expect(await round.runOnce()).toEqual({ asked: 0, final: 0 });
    t.clock.advance(60_000);
    expect(await round.runOnce()).toEqual({ asked: 1, final: 0 });
    expect(refundQueries(invoiceNo)).toHaveLength(1);
    expect(await rows('SELECT checks FROM refunds')).toEqual([{ checks: 1 }]);
    // Asked again only when its backoff has passed.
    expect(await round.runOnce()).toEqual({ asked: 0, final: 0 });
    kbz.control.refundPending = false;
    t.clock.advance(60_000);
    expect(await round.runOnce()).toEqual({ asked: 1, final: 1 });
    expect(refundQueries(invoiceNo)).toHaveLength(2);
    expect((await readState(created)).request).toMatchObject({
      state: 'refunded',
      refund: { state: 'done', providerStatus: 'REFUNDSUCCESS' },
    });
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
    expect(refundCalls()).toHaveLength(1);
  });

  it('the round finishes a pending 2C2P refund (its RS inquiry)', async () => {
    const created = await createOrder(t);
    const invoiceNo = await startPayment(created, '2c2p');
    await twoC2P.approve(invoiceNo);
    await t.call(
      'POST',
      `/api/orders/${created.order.id}/request`,
      { kind: 'refund', reason: 'plans_changed' },
      { 'X-Order-Token': created.token },
    );
    const id = (await readState(created)).request!.id;
    twoC2P.control.pending = true;
    expect((await staff('POST', `/requests/${id}/approve`, { action: 'refund' })).status).toBe(200);
    expect((await readState(created)).request?.refund?.state).toBe('pending');
    const round = createRefundRound(t.deps, createProviders(t.deps));
    t.clock.advance(60_000);
    expect(await round.runOnce()).toEqual({ asked: 1, final: 0 });
    twoC2P.control.pending = false;
    t.clock.advance(60_000);
    expect(await round.runOnce()).toEqual({ asked: 1, final: 1 });
    expect((await readState(created)).request).toMatchObject({
      state: 'refunded',
      refund: { method: '2c2p', state: 'done' },
    });
    expect(twoC2P.refunds.get(invoiceNo)?.status).toBe('RF');
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
  });

  it('the round writes KBZPay’s final failure as refundFailed with its reason, for staff', async () => {
    const { created, id } = await kbzRefundAsked();
    kbz.control.refundPending = true;
    await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    kbz.control.refundPending = false;
    kbz.control.refundFailure = 'Insufficient merchant balance';
    const round = createRefundRound(t.deps, createProviders(t.deps));
    t.clock.advance(60_000);
    expect(await round.runOnce()).toEqual({ asked: 1, final: 1 });
    expect((await readState(created)).request).toMatchObject({
      state: 'open',
      refund: {
        state: 'failed',
        providerStatus: 'REFUNDFAIL',
        providerReason: 'Insufficient merchant balance',
      },
    });
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refundFailed',
    ]);
    const [failed] = await rows(
      "SELECT evidence FROM order_events WHERE order_id = $1 AND event = 'refundFailed'",
      [created.order.id],
    );
    expect(JSON.stringify(failed?.evidence)).toContain('Insufficient merchant balance');
  });

  it('two copies of the server running the round at once ask KBZPay once (the lease)', async () => {
    const { invoiceNo, id, created } = await kbzRefundAsked();
    kbz.control.refundPending = true;
    await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    kbz.control.refundPending = false;
    const rounds = [1, 2, 3].map(() => createRefundRound(t.deps, createProviders(t.deps)));
    t.clock.advance(60_000);
    const results = await Promise.all(rounds.map((round) => round.runOnce()));
    expect(results.map((result) => result.asked).sort()).toEqual([0, 0, 1]);
    expect(refundQueries(invoiceNo)).toHaveLength(1);
    expect((await readState(created)).request?.state).toBe('refunded');
    expect(await events(created.order.id)).toEqual([
      'refundRequested',
      'refundStarted',
      'refunded',
      'withdrawn',
    ]);
  });

  it('stops asking after its last check, the refund still pending for staff', async () => {
    const { created, invoiceNo, id } = await kbzRefundAsked();
    kbz.control.refundPending = true;
    await staff('POST', `/requests/${id}/approve`, { action: 'refund' });
    const round = createRefundRound(t.deps, createProviders(t.deps), {
      backoffMs: 1_000,
      maxChecks: 2,
    });
    t.clock.advance(60_000);
    expect((await round.runOnce()).asked).toBe(1);
    t.clock.advance(60_000);
    expect((await round.runOnce()).asked).toBe(1);
    t.clock.advance(60 * 60_000);
    expect((await round.runOnce()).asked).toBe(0);
    expect(refundQueries(invoiceNo)).toHaveLength(2);
    expect((await readState(created)).request?.refund?.state).toBe('pending');
    // Staff's "ask again" still asks.
    kbz.control.refundPending = false;
    expect((await staff('POST', `/requests/${id}/check`)).status).toBe(200);
    expect((await readState(created)).request?.state).toBe('refunded');
  });
});
