import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFake2c2p } from '../../../e2e/support/fake-2c2p.mjs';
import { startFakeKbzpay } from '../../../e2e/support/fake-kbzpay.mjs';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { AvailabilitySchema } from '../../src/catalogue/schemas';
import { loadConfig } from '../../src/config';
import { DEMO_SMDP_HOST, topUpDemoStock } from '../../src/delivery/demo-stock';
import { createOrder, readOrder, type Created } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import {
  createTestApp,
  sqlRows,
  testStore,
  useTestApp,
  type SharedTestApp,
  type TestApp,
} from '../support/test-app';

/**
 * Card (2C2P) and KBZPay QR payments against the fakes (issue #40): the fakes speak the
 * providers' protocols and reach the app in-process (their fetch is the app's request).
 */

type Order = {
  id: string;
  status: string;
  delivery: { state: string; esim: { smdpAddress: string } | null };
  paymentMethods: { id: string; currency: string; amount: number; test: boolean }[];
};

let route: SharedTestApp | TestApp | undefined;
const toApp: typeof fetch = (input, init) =>
  Promise.resolve(route!.app.request(String(input instanceof Request ? input.url : input), init));
const twoC2P = await startFake2c2p({ fetch: toApp });
const kbz = await startFakeKbzpay({ fetch: toApp });
afterAll(async () => {
  await twoC2P.close();
  await kbz.close();
});

const PUBLIC = 'http://127.0.0.1:8787';

/** The settings that switch both providers on, against the fakes. */
const fakesEnv = () => ({
  PAYMENT_METHODS: '2c2p,kbzpay',
  TWOC2P_MERCHANT_ID: twoC2P.merchantId,
  TWOC2P_SECRET_KEY: twoC2P.secretKey,
  TWOC2P_BASE_URL: twoC2P.url,
  TWOC2P_CURRENCY: 'USD',
  KBZPAY_BASE_URL: kbz.url,
  KBZPAY_APP_ID: kbz.appId,
  KBZPAY_MERCH_CODE: kbz.merchCode,
  KBZPAY_APP_KEY: kbz.appKey,
  PUBLIC_API_URL: PUBLIC,
  PAYMENT_PROVIDER_TIMEOUT_MS: '20000',
});

describe(`provider payments (${testStore})`, () => {
  const t = useTestApp({
    env: {
      PAYMENT_METHODS: '2c2p,kbzpay',
      TWOC2P_MERCHANT_ID: twoC2P.merchantId,
      TWOC2P_SECRET_KEY: twoC2P.secretKey,
      TWOC2P_BASE_URL: twoC2P.url,
      TWOC2P_CURRENCY: 'USD',
      KBZPAY_BASE_URL: kbz.url,
      KBZPAY_APP_ID: kbz.appId,
      KBZPAY_MERCH_CODE: kbz.merchCode,
      KBZPAY_APP_KEY: kbz.appKey,
      PUBLIC_API_URL: PUBLIC,
      PAYMENT_PROVIDER_TIMEOUT_MS: '20000',
    },
    // The clock of the app is fixed, the fakes' is not: no test here depends on either.
    now: () => Date.now(),
  });
  const rows = sqlRows(t);
  beforeEach(async () => {
    route = t;
    twoC2P.reset();
    kbz.reset();
    expect((await postStock(t, await staffKey(t), stockCsv(5))).status).toBe(200);
  });

  const orderOf = (created: Created) => readOrder<Order>(t, created);
  const start = async (created: Created, method: '2c2p' | 'kbzpay', headers = {}) =>
    t.call(
      'POST',
      `/api/orders/${created.order.id}/payments`,
      { method },
      { 'X-Order-Token': created.token, ...headers },
    );
  const startCard = async (created: Created) => {
    const response = await start(created, '2c2p');
    expect(response.status).toBe(201);
    return (await response.json()) as { invoiceNo: string; redirectUrl: string; amount: number };
  };
  const paymentsOf = async (orderId: string) =>
    rows('SELECT transaction_id, verified_by FROM payments WHERE order_id = $1', [orderId]);
  const notifyRaw = (path: string, body: string) =>
    t.call('POST', `/api/payments/${path}/notify`, body);

  it('lists the methods the server offers, with the card in USD', async () => {
    const created = await createOrder(t);
    const order = await orderOf(created);
    expect(
      order.paymentMethods.map((method) => [method.id, method.currency, method.amount]),
    ).toEqual([
      ['2c2p', 'USD', 1900],
      ['kbzpay', 'MMK', 80_000],
      ['mmqr', 'MMK', 80_000],
    ]);
    // The providers here are the fakes on this machine: the shop is told they are tests.
    expect(order.paymentMethods.map((method) => [method.id, method.test])).toEqual([
      ['2c2p', true],
      ['kbzpay', true],
      ['mmqr', false],
    ]);
    const availability = AvailabilitySchema.parse(
      await (await t.call('GET', '/api/availability')).json(),
    );
    expect(availability.testPayments).toBe(true);
  });

  it('pays a card order exactly once, on 2C2P’s notification and inquiry, and delivers', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    expect(started.redirectUrl).toContain(`${twoC2P.url}/pay/`);
    expect(started.amount).toBe(1900);
    const invoice = twoC2P.invoices.get(started.invoiceNo);
    expect(invoice).toMatchObject({
      amount: 19,
      currencyCode: 'USD',
      backendReturnUrl: `${PUBLIC}/api/payments/2c2p/notify`,
      frontendReturnUrl: `${PUBLIC}/api/payments/2c2p/return/${started.invoiceNo}`,
    });
    const [answer] = await twoC2P.approve(started.invoiceNo);
    expect(answer).toEqual({ status: 200, body: '{"received":true,"outcome":"paid"}' });
    const order = await orderOf(created);
    expect(order.status).toBe('paid');
    expect(order.delivery.esim).not.toBeNull();
    expect(twoC2P.calls.filter((call) => call.path.endsWith('paymentInquiry'))).toHaveLength(1);
    expect(await paymentsOf(created.order.id)).toEqual([
      { transaction_id: `2C2P${invoice!.tranRef}`, verified_by: 'bank' },
    ]);
    expect(
      await rows('SELECT bank_state, delivery_state FROM orders WHERE id = $1', [created.order.id]),
    ).toEqual([
      { bank_state: 'confirmed', delivery_state: expect.stringMatching(/assigned|delivered/) },
    ]);
    // The same notification again: nothing more.
    const [again] = await twoC2P.notify(started.invoiceNo);
    expect(again?.body).toBe('{"received":true,"outcome":"already_paid"}');
    expect(await paymentsOf(created.order.id)).toHaveLength(1);
  });

  it('pays once for the same notification 20 times in parallel', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    twoC2P.control.duplicate = 20;
    const answers = await twoC2P.approve(started.invoiceNo);
    expect(answers).toHaveLength(20);
    expect(answers!.every((answer) => answer.status === 200)).toBe(true);
    const outcomes = answers!.map((answer) => JSON.parse(answer.body).outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(await paymentsOf(created.order.id)).toHaveLength(1);
    expect(
      await rows('SELECT count(*)::int AS n FROM profiles WHERE order_id = $1', [created.order.id]),
    ).toEqual([{ n: 1 }]);
  });

  describe('never pays a notification that does not hold', () => {
    const refusedBy401: [string, Record<string, unknown>, { alg?: string; secret?: string }][] = [
      ['alg none', {}, { alg: 'none' }],
      ['HS512', {}, { alg: 'HS512' }],
      ['a wrong secret', {}, { secret: 'fake-another-secret-0123456789abcdef' }],
    ];
    for (const [name, overrides, signing] of refusedBy401) {
      it(`${name}: 401`, async () => {
        const created = await createOrder(t);
        const started = await startCard(created);
        twoC2P.settleQuietly(started.invoiceNo);
        const [answer] = await twoC2P.notify(started.invoiceNo, overrides, signing);
        expect(answer?.status).toBe(401);
        expect((await orderOf(created)).status).toBe('awaiting_payment');
      });
    }

    it('a tampered payload (amount changed after signing): 401', async () => {
      const created = await createOrder(t);
      const started = await startCard(created);
      twoC2P.settleQuietly(started.invoiceNo);
      const good = twoC2P.jwt(
        { merchantID: twoC2P.merchantId, invoiceNo: started.invoiceNo, amount: '19.00' },
        twoC2P.secretKey,
      );
      const [head, , signature] = good.split('.');
      const body = Buffer.from(
        JSON.stringify({
          merchantID: twoC2P.merchantId,
          invoiceNo: started.invoiceNo,
          amount: '0.01',
          currencyCode: 'USD',
          tranRef: '1',
          respCode: '0000',
        }),
      ).toString('base64url');
      const response = await notifyRaw(
        '2c2p',
        JSON.stringify({ payload: `${head}.${body}.${signature}` }),
      );
      expect(response.status).toBe(401);
      expect((await orderOf(created)).status).toBe('awaiting_payment');
    });

    const mismatches: [string, Record<string, unknown>, string][] = [
      ['another merchant', { merchantID: 'JT01' }, 'mismatch'],
      ['another invoice', { invoiceNo: '000000000001' }, 'unknown_invoice'],
      ['another amount', { amount: '1.00' }, 'mismatch'],
      ['another currency', { currencyCode: 'MMK', amount: '80000.00' }, 'mismatch'],
      ['respCode not 0000', { respCode: '4005', respDesc: 'Declined' }, 'declined'],
    ];
    for (const [name, overrides, outcome] of mismatches) {
      it(`${name}: received, not paid`, async () => {
        const created = await createOrder(t);
        const started = await startCard(created);
        twoC2P.settleQuietly(started.invoiceNo);
        const [answer] = await twoC2P.notify(started.invoiceNo, overrides);
        expect(answer).toEqual({
          status: 200,
          body: JSON.stringify({ received: true, outcome }),
        });
        expect((await orderOf(created)).status).toBe('awaiting_payment');
        expect(await paymentsOf(created.order.id)).toEqual([]);
      });
    }

    it('an inquiry that disagrees (another amount, or not paid): not paid', async () => {
      const created = await createOrder(t);
      const started = await startCard(created);
      twoC2P.settleQuietly(started.invoiceNo);
      twoC2P.control.inquiryOverride = { amount: 1 };
      const [first] = await twoC2P.notify(started.invoiceNo);
      expect(JSON.parse(first!.body).outcome).toBe('inquiry_disagrees');
      twoC2P.control.inquiryOverride = { respCode: '0001' };
      const [second] = await twoC2P.notify(started.invoiceNo);
      expect(JSON.parse(second!.body).outcome).toBe('pending');
      expect((await orderOf(created)).status).toBe('awaiting_payment');
      // Once 2C2P agrees, the next notification pays.
      twoC2P.control.inquiryOverride = null;
      const [third] = await twoC2P.notify(started.invoiceNo);
      expect(JSON.parse(third!.body).outcome).toBe('paid');
    });
  });

  it('2C2P down at the start: 503 provider_unavailable, the order still open', async () => {
    const created = await createOrder(t);
    twoC2P.control.down = true;
    const response = await start(created, '2c2p');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'provider_unavailable',
    );
    expect((await orderOf(created)).status).toBe('awaiting_payment');
    twoC2P.control.down = false;
    expect((await start(created, '2c2p')).status).toBe(201);
  });

  it('2C2P down at the inquiry: 503 and not paid; its retry pays', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    twoC2P.control.inquiryDown = true;
    const [answer] = await twoC2P.approve(started.invoiceNo);
    expect(answer?.status).toBe(503);
    expect((await orderOf(created)).status).toBe('awaiting_payment');
    twoC2P.control.inquiryDown = false;
    const [retry] = await twoC2P.notify(started.invoiceNo);
    expect(JSON.parse(retry!.body).outcome).toBe('paid');
    expect((await orderOf(created)).status).toBe('paid');
  });

  it('the buyer back before the notification: the inquiry pays; the late notification changes nothing', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    twoC2P.settleQuietly(started.invoiceNo);
    const back = await t.call(
      'POST',
      `/api/payments/2c2p/return/${started.invoiceNo}`,
      'paymentResponse=eyJyZXNwQ29kZSI6IjIwMDAifQ',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `http://127.0.0.1:5173/#/order/${created.order.id}?lang=en&payment=paid`,
    );
    expect((await orderOf(created)).status).toBe('paid');
    const [late] = await twoC2P.notify(started.invoiceNo);
    expect(JSON.parse(late!.body).outcome).toBe('already_paid');
    expect(await paymentsOf(created.order.id)).toHaveLength(1);
  });

  it('the buyer back after the notification, and the return alone never pays', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    // Back before any payment (the page closed): nothing paid, the order page says so.
    const early = await t.call('GET', `/api/payments/2c2p/return/${started.invoiceNo}`);
    expect(early.headers.get('location')).toContain('payment=returned');
    expect((await orderOf(created)).status).toBe('awaiting_payment');
    await twoC2P.approve(started.invoiceNo);
    const back = await t.call('GET', `/api/payments/2c2p/return/${started.invoiceNo}`);
    expect(back.headers.get('location')).toContain('payment=paid');
    expect(await paymentsOf(created.order.id)).toHaveLength(1);
  });

  it('a declined card leaves the order open, and says so', async () => {
    const created = await createOrder(t);
    const started = await startCard(created);
    const [answer] = await twoC2P.decline(started.invoiceNo);
    expect(JSON.parse(answer!.body).outcome).toBe('declined');
    const back = await t.call('GET', `/api/payments/2c2p/return/${started.invoiceNo}`);
    expect(back.headers.get('location')).toContain('payment=declined');
    expect((await orderOf(created)).status).toBe('awaiting_payment');
  });

  describe('KBZPay QR', () => {
    const startQr = async (created: Created) => {
      const response = await start(created, 'kbzpay');
      expect(response.status).toBe(201);
      return (await response.json()) as { invoiceNo: string; qrPayload: string };
    };

    it('shows KBZPay’s QR for the order; its notification and queryorder pay it', async () => {
      const created = await createOrder(t);
      const started = await startQr(created);
      expect(started.qrPayload).toMatch(/^000201010212/);
      expect(kbz.orders.get(started.invoiceNo)).toMatchObject({
        total_amount: '80000',
        trans_currency: 'MMK',
        trade_type: 'PAY_BY_QRCODE',
        notify_url: `${PUBLIC}/api/payments/kbzpay/notify`,
      });
      const [answer] = await kbz.pay(started.invoiceNo);
      expect(answer).toEqual({ status: 200, body: 'success' });
      const order = await orderOf(created);
      expect(order.status).toBe('paid');
      expect(order.delivery.esim).not.toBeNull();
      expect(kbz.calls.filter((call) => call.path === '/queryorder')).toHaveLength(1);
    });

    it('a wrong sign: 401, not paid', async () => {
      const created = await createOrder(t);
      const started = await startQr(created);
      kbz.orders.get(started.invoiceNo)!.trade_status = 'PAY_SUCCESS';
      const [answer] = await kbz.notify(
        started.invoiceNo,
        { trade_status: 'PAY_SUCCESS', mm_order_id: '1' },
        { appKey: 'fake-another-app-key' },
      );
      expect(answer?.status).toBe(401);
      expect((await orderOf(created)).status).toBe('awaiting_payment');
    });

    it('a wrong amount: not paid', async () => {
      const created = await createOrder(t);
      const started = await startQr(created);
      kbz.orders.get(started.invoiceNo)!.trade_status = 'PAY_SUCCESS';
      const [answer] = await kbz.notify(started.invoiceNo, {
        trade_status: 'PAY_SUCCESS',
        total_amount: '100',
        mm_order_id: '1',
      });
      expect(answer?.status).toBe(200);
      expect((await orderOf(created)).status).toBe('awaiting_payment');
    });

    it('a replay pays nothing more; queryorder disagreeing pays nothing', async () => {
      const created = await createOrder(t);
      const started = await startQr(created);
      kbz.control.queryOverride = { trade_status: 'WAIT_PAY' };
      await kbz.pay(started.invoiceNo);
      expect((await orderOf(created)).status).toBe('awaiting_payment');
      kbz.control.queryOverride = { total_amount: '100' };
      await kbz.notify(started.invoiceNo);
      expect((await orderOf(created)).status).toBe('awaiting_payment');
      kbz.control.queryOverride = null;
      await kbz.notify(started.invoiceNo);
      expect((await orderOf(created)).status).toBe('paid');
      const replay = kbz.notifications.at(-1)!;
      const again = await notifyRaw('kbzpay', JSON.stringify({ Request: replay.request }));
      expect(again.status).toBe(200);
      expect(await paymentsOf(created.order.id)).toHaveLength(1);
    });
  });

  /** The stream's `order` events, read as they come; `next()` waits for the next one. */
  function openStream(app: TestApp['app'], created: Created) {
    const controller = new AbortController();
    const response = Promise.resolve(
      app.request(`/api/orders/${created.order.id}/stream?token=${created.token}`, {
        signal: controller.signal,
      }),
    );
    const decoder = new TextDecoder();
    let buffer = '';
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return {
      response,
      async next(): Promise<Order & { providerPayment: { state: string } | null }> {
        reader ??= (await response).body!.getReader();
        for (;;) {
          const match = buffer.match(/event: order\ndata: (.*)\nid: \d+\n\n/);
          if (match) {
            buffer = buffer.slice((match.index ?? 0) + match[0].length);
            return (JSON.parse(match[1]!) as { order: Order & { providerPayment: null } }).order;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error(`The stream ended: ${buffer}`);
          buffer += decoder.decode(value, { stream: true });
        }
      },
      close: () => controller.abort(),
    };
  }

  it('streams the order: the card payment arrives as an event, with the eSIM', async () => {
    const created = await createOrder(t);
    const stream = openStream(t.app, created);
    expect((await stream.response).headers.get('content-type')).toMatch(/text\/event-stream/);
    expect((await stream.next()).status).toBe('awaiting_payment');
    const started = await startCard(created);
    await twoC2P.approve(started.invoiceNo);
    let order = await stream.next();
    while (order.status !== 'paid') order = await stream.next();
    expect(order.delivery.esim).not.toBeNull();
    expect(order.providerPayment?.state).toBe('paid');
    stream.close();
  });

  it('streams a payment accepted by another instance of the server (its database poll)', async () => {
    const other = await createTestApp({
      database: t.database,
      env: {
        PAYMENT_METHODS: '2c2p',
        TWOC2P_MERCHANT_ID: twoC2P.merchantId,
        TWOC2P_SECRET_KEY: twoC2P.secretKey,
        TWOC2P_BASE_URL: twoC2P.url,
        PUBLIC_API_URL: PUBLIC,
      },
      now: () => Date.now(),
    });
    const created = await createOrder(t);
    // The buyer's page follows the order on this instance; the notification reaches the other.
    const stream = openStream(t.app, created);
    expect((await stream.next()).status).toBe('awaiting_payment');
    const started = await startCard(created);
    route = other;
    try {
      await twoC2P.approve(started.invoiceNo);
    } finally {
      route = t;
    }
    let order = await stream.next();
    while (order.status !== 'paid') order = await stream.next();
    expect(order.delivery.esim).not.toBeNull();
    stream.close();
    await other.close();
  });

  it('refuses a stream without the order’s token', async () => {
    const created = await createOrder(t);
    const response = await t.call('GET', `/api/orders/${created.order.id}/stream?token=wrong`);
    expect(response.status).toBe(404);
  });

  it('refuses an unknown method, and a closed order', async () => {
    const created = await createOrder(t);
    const unknown = await t.call(
      'POST',
      `/api/orders/${created.order.id}/payments`,
      { method: 'stripe' },
      { 'X-Order-Token': created.token },
    );
    expect(unknown.status).toBe(400);
    const wrongToken = await start({ ...created, token: 'nope' }, '2c2p');
    expect(wrongToken.status).toBe(404);
    await t.call('POST', `/api/orders/${created.order.id}/cancel`, undefined, {
      'X-Order-Token': created.token,
    });
    expect((await start(created, '2c2p')).status).toBe(409);
  });
});

/**
 * scripts/start.sh without keys (decision 130): no Gemini key (the demo script, demo stock) and
 * the providers' fakes. A test card or QR payment moved no money: it gets a demo profile, never
 * one of the real profiles on the same shelf.
 */
describe(`provider payments on a demo server with the test fakes (${testStore})`, () => {
  const demoEnv = { AI_MODE: 'demo', GEMINI_API_KEY: '' };
  const t = useTestApp(() => ({
    env: { ...demoEnv, ...fakesEnv() },
    aiFetch: createAiFetch(loadConfig(demoEnv)),
    now: () => Date.now(),
  }));
  beforeEach(() => {
    route = t;
    twoC2P.reset();
    kbz.reset();
  });

  const paidWith = async (method: '2c2p' | 'kbzpay') => {
    // The real profile and the demo ones side by side: the test payment takes a demo one.
    expect((await postStock(t, await staffKey(t), stockCsv(1))).status).toBe(200);
    await topUpDemoStock(t.deps, 1);
    const created = await createOrder(t);
    const started = await t.call(
      'POST',
      `/api/orders/${created.order.id}/payments`,
      { method },
      { 'X-Order-Token': created.token },
    );
    expect(started.status).toBe(201);
    const { invoiceNo, testWalletUrl } = (await started.json()) as {
      invoiceNo: string;
      testWalletUrl?: string;
    };
    if (method === '2c2p') {
      expect(testWalletUrl).toBeUndefined();
      await twoC2P.approve(invoiceNo);
    } else {
      // No real wallet app can pay the fake's QR: the answer names the fake's TEST wallet page.
      expect(testWalletUrl).toBe(`${kbz.url}/fake/wallet/${invoiceNo}`);
      await kbz.pay(invoiceNo);
    }
    return { created, order: await readOrder<Order>(t, created) };
  };

  for (const method of ['2c2p', 'kbzpay'] as const) {
    it(`a ${method} payment on the fake gets a demo profile, never the real one`, async () => {
      const { created, order } = await paidWith(method);
      expect(order.status).toBe('paid');
      expect(order.delivery.esim?.smdpAddress).toBe(DEMO_SMDP_HOST);
      expect(
        await sqlRows(t)('SELECT verified_by FROM payments WHERE order_id = $1', [
          created.order.id,
        ]),
      ).toEqual([{ verified_by: 'demo' }]);
      expect(
        await sqlRows(t)("SELECT state FROM profiles WHERE demo = false AND state <> 'in_stock'"),
      ).toEqual([]);
    });
  }

  it('tells the shop that it takes test payments', async () => {
    const availability = AvailabilitySchema.parse(
      await (await t.call('GET', '/api/availability')).json(),
    );
    expect(availability.testPayments).toBe(true);
  });
});
