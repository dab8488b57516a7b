import { beforeEach, describe, expect, it } from 'vitest';
import { decideDelivery, type PolicyInput } from '../../src/delivery/delivery-policy';
import {
  NOTIFY_SECRET,
  notification,
  notify,
  postStatement,
  STATEMENT_HEADER,
} from '../support/bank';
import { createOrder, readingAnswer, type Created, payOrder, readOrder } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import {
  type SharedTestApp,
  T0,
  type TestApp,
  testStore,
  useTestApp,
  sqlRows,
} from '../support/test-app';

type Row = Record<string, unknown>;
/** The eSIM is out: assigned, or delivered once the buyer saw it (no email). */
const ESIM_OUT = /^(assigned|delivered)$/;
type Delivery = {
  state: string;
  reason: string | null;
  esim: unknown;
  promisedBy: number | null;
};
type Answer = { order: { id: string; status: string; delivery: Delivery } };

describe('decideDelivery', () => {
  const base: PolicyInput = {
    policy: 'instant',
    evidence: { kind: 'screenshot', payeeShown: true },
    price: 80_000,
    unconfirmedSum: 0,
    unconfirmedForContact: 0,
    limitMmk: 200_000,
    perContact: 2,
  };
  const screenshot = (payeeShown: boolean) => ({ kind: 'screenshot' as const, payeeShown });
  it.each([
    ['instant, payee shown', {}, { deliver: true, unconfirmed: true, alert: false }],
    [
      'instant, payee not shown: delivered, staff alerted',
      { evidence: screenshot(false) },
      { deliver: true, unconfirmed: true, alert: true },
    ],
    [
      'confirmed: held',
      { policy: 'confirmed' },
      { deliver: false, unconfirmed: false, alert: false },
    ],
    [
      'confirmed, bank evidence: delivered',
      { policy: 'confirmed', evidence: { kind: 'bank' } },
      { deliver: true, unconfirmed: false, alert: false },
    ],
    [
      'limit, under the sum',
      { policy: 'limit', unconfirmedSum: 120_000 },
      { deliver: true, unconfirmed: true, alert: false },
    ],
    [
      'limit, exactly at the sum',
      { policy: 'limit', unconfirmedSum: 120_000, limitMmk: 200_000 },
      { deliver: true, unconfirmed: true, alert: false },
    ],
    [
      'limit, over the sum: held',
      { policy: 'limit', unconfirmedSum: 120_001 },
      { deliver: false, unconfirmed: false, alert: false },
    ],
    [
      'limit, contact at its count: held',
      { policy: 'limit', unconfirmedForContact: 2 },
      { deliver: false, unconfirmed: false, alert: false },
    ],
    [
      'limit, payee not shown: held',
      { policy: 'limit', evidence: screenshot(false) },
      { deliver: false, unconfirmed: false, alert: false },
    ],
    [
      'confirmed, payee not shown: held',
      { policy: 'confirmed', evidence: screenshot(false) },
      { deliver: false, unconfirmed: false, alert: false },
    ],
    [
      'limit, bank evidence over the sum: delivered',
      { policy: 'limit', evidence: { kind: 'bank' }, unconfirmedSum: 10_000_000 },
      { deliver: true, unconfirmed: false, alert: false },
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(decideDelivery({ ...base, ...(change as Partial<PolicyInput>) })).toEqual(expected);
  });
});

/** Pays `created` with a screenshot of transaction `id` (read a minute after its creation). */
async function payByScreenshot(app: SharedTestApp, created: Created, id: string) {
  const createdAt = created.order.createdAt as number;
  app.gemini.answer(
    readingAnswer({
      transactionId: id,
      transactionTime: new Date(createdAt + 60_000).toISOString(),
    }),
  );
  return payOrder<Answer>(app, created);
}

const orderOf = (t: TestApp, created: Created) => readOrder<Answer['order']>(t, created);

function useStocked(env: Record<string, string | undefined>) {
  const app = useTestApp({ env: { PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET, ...env } });
  const state = { key: '' };
  beforeEach(async () => {
    state.key = await staffKey(app);
    expect((await postStock(app, state.key, stockCsv(10))).status).toBe(200);
  });
  return { app, state };
}

describe(`DELIVERY_POLICY=instant (${testStore})`, () => {
  const { app } = useStocked({ DELIVERY_POLICY: 'instant' });
  it('delivers on the screenshot and counts it as unconfirmed', async () => {
    const created = await createOrder(app);
    app.clock.advance(2 * 60_000);
    const answer = await payByScreenshot(app, created, 'KBZ-100001');
    expect(answer.order.delivery.state).toMatch(ESIM_OUT);
    expect(answer.order.delivery.reason).toBeNull();
    const [row] = await app.database.rawTransaction((tx) =>
      tx.query<Row>('SELECT unconfirmed_delivery_at, contact_hash FROM orders'),
    );
    expect(row!.unconfirmed_delivery_at).not.toBeNull();
    expect(row!.contact_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe(`DELIVERY_POLICY=confirmed (${testStore})`, () => {
  const { app, state } = useStocked({
    DELIVERY_POLICY: 'confirmed',
    BANK_CONFIRMATION_MINUTES: '90',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
  const rows = sqlRows(app);
  const staff = (path: string, body?: unknown) =>
    app.call('POST', path, body, { Authorization: `Bearer ${state.key}` });

  async function heldOrder(id = 'KBZ-200001', contact = 'traveller@example.com') {
    const created = await createOrder(app, { contact });
    app.clock.advance(2 * 60_000);
    const answer = await payByScreenshot(app, created, id);
    return { created, answer };
  }

  it('holds a screenshot-paid order: the answer says held, awaiting_bank_confirmation, by about when', async () => {
    const { created, answer } = await heldOrder();
    expect(answer.order.status).toBe('paid');
    expect(answer.order.delivery).toMatchObject({
      state: 'held',
      reason: 'awaiting_bank_confirmation',
      esim: null,
      promisedBy: T0 + 2 * 60_000 + 90 * 60_000,
    });
    expect((await orderOf(app, created)).delivery.state).toBe('held');
    expect(await rows("SELECT count(*)::int AS n FROM profiles WHERE state <> 'in_stock'")).toEqual(
      [{ n: 0 }],
    );
    // The eSIM email is queued but waits for the eSIM (the outbox skips it while held).
    expect(await rows("SELECT count(*)::int AS n FROM outbox WHERE kind = 'esim_email'")).toEqual([
      { n: 1 },
    ]);
  });

  it('delivers a held order when the notification of its payment arrives', async () => {
    const { created } = await heldOrder('KBZ-200002');
    const response = await notify(
      app,
      notification(created.order.number, { transactionId: 'KBZ-200002' }),
    );
    expect(response.status).toBe(200);
    const order = await orderOf(app, created);
    expect(order.delivery.state).toMatch(ESIM_OUT);
    expect(order.delivery.reason).toBeNull();
    expect(order.delivery.esim).not.toBeNull();
  });

  it('delivers a held order when a statement line confirms it', async () => {
    const { created } = await heldOrder('KBZ-200003');
    const csv = `${STATEMENT_HEADER}\nKBZ-200003,"80,000",${new Date(T0 + 60_000).toISOString()},Ko Aung,${created.order.number}\n`;
    const response = await postStatement(app, state.key, csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 1, confirmed: 1, released: 1 });
    expect((await orderOf(app, created)).delivery.state).toMatch(ESIM_OUT);
  });

  it('delivers at once a screenshot whose payment the statement already showed', async () => {
    const csv = `${STATEMENT_HEADER}\nKBZ-200009,80000,${new Date(T0 + 60_000).toISOString()},,\n`;
    expect((await postStatement(app, state.key, csv)).status).toBe(200);
    const { answer } = await heldOrder('KBZ-200009');
    expect(answer.order.delivery.state).toMatch(ESIM_OUT);
  });

  it('lets staff confirm a held order (delivered) or reject one (withdrawn, reason kept)', async () => {
    const first = await heldOrder('KBZ-200004', 'first@example.com');
    const second = await heldOrder('KBZ-200005', 'second@example.com');
    const confirmed = await staff(`/api/staff/orders/${first.created.order.id}/confirm-payment`);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      order: { deliveryState: expect.stringMatching(ESIM_OUT), bankState: 'confirmed' },
    });
    const rejected = await staff(`/api/staff/orders/${second.created.order.id}/reject-payment`, {
      reason: 'Not on the account statement',
    });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      order: { deliveryState: 'withdrawn', paymentRejectedReason: 'Not on the account statement' },
    });
    expect((await orderOf(app, second.created)).delivery.state).toBe('withdrawn');
    // A rejected payment is never delivered later, not even by a confirmation.
    expect(
      (await staff(`/api/staff/orders/${second.created.order.id}/confirm-payment`)).status,
    ).toBe(409);
    expect(
      (await staff(`/api/staff/orders/${second.created.order.id}/reject-payment`, {})).status,
    ).toBe(400);
  });
});

describe(`DELIVERY_POLICY=limit (${testStore})`, () => {
  const { app, state } = useStocked({
    DELIVERY_POLICY: 'limit',
    UNCONFIRMED_LIMIT_MMK: '160000',
    UNCONFIRMED_PER_CONTACT: '2',
  });
  let n = 0;
  async function pay(contact: string) {
    n += 1;
    const created = await createOrder(app, { contact });
    app.clock.advance(2 * 60_000);
    const answer = await payByScreenshot(app, created, `KBZ-3${String(n).padStart(5, '0')}`);
    app.clock.advance(60_000);
    return { created, state: answer.order.delivery.state };
  }

  it('delivers while the 24-hour sum of unconfirmed deliveries stays within the limit, then holds', async () => {
    expect((await pay('a@example.com')).state).toMatch(ESIM_OUT);
    expect((await pay('b@example.com')).state).toMatch(ESIM_OUT);
    // 160,000 delivered unconfirmed: one more would pass the limit.
    const third = await pay('c@example.com');
    expect(third.state).toBe('held');
    // A day later the first two are out of the window.
    app.clock.advance(24 * 60 * 60_000);
    expect((await pay('d@example.com')).state).toMatch(ESIM_OUT);
  });

  it('counts only unconfirmed deliveries: a bank-confirmed one frees its share', async () => {
    const first = await pay('a@example.com');
    expect((await pay('b@example.com')).state).toMatch(ESIM_OUT);
    const response = await app.call(
      'POST',
      `/api/staff/orders/${first.created.order.id}/confirm-payment`,
      undefined,
      { Authorization: `Bearer ${state.key}` },
    );
    expect(response.status).toBe(200);
    expect((await pay('c@example.com')).state).toMatch(ESIM_OUT);
  });

  it('holds a third unconfirmed delivery to the same contact', async () => {
    const env = app.deps.config.bank;
    const limit = env.unconfirmedLimitMmk;
    env.unconfirmedLimitMmk = 10_000_000;
    try {
      expect((await pay('same@example.com')).state).toMatch(ESIM_OUT);
      expect((await pay('SAME@example.com')).state).toMatch(ESIM_OUT);
      expect((await pay('same@example.com')).state).toBe('held');
      expect((await pay('other@example.com')).state).toMatch(ESIM_OUT);
    } finally {
      env.unconfirmedLimitMmk = limit;
    }
  });
});

describe(`DELIVERY_POLICY by default (${testStore})`, () => {
  // Unset: the server's own default, `limit` (issue #43 point 3, decision 123).
  const { app } = useStocked({ DELIVERY_POLICY: undefined });
  it('is limit: holds a screenshot that does not show the payee, delivers one that does', async () => {
    expect(app.deps.config.bank.policy).toBe('limit');
    const created = await createOrder(app, { contact: 'nopayee@example.com' });
    app.clock.advance(2 * 60_000);
    const createdAt = created.order.createdAt as number;
    app.gemini.answer(
      readingAnswer({
        transactionId: 'KBZ-500001',
        transactionTime: new Date(createdAt + 60_000).toISOString(),
        payeeName: null,
      }),
    );
    const held = await payOrder<Answer>(app, created);
    expect(held.order.delivery.state).toBe('held');
    expect(await orderOf(app, created)).toMatchObject({ delivery: { state: 'held', esim: null } });
    const shown = await createOrder(app, { contact: 'payee@example.com' });
    app.clock.advance(2 * 60_000);
    expect((await payByScreenshot(app, shown, 'KBZ-500002')).order.delivery.state).toMatch(
      ESIM_OUT,
    );
  });
});

describe(`Rejecting a delivered order (${testStore})`, () => {
  const { app, state } = useStocked({ DELIVERY_POLICY: 'instant' });
  it('withdraws its profile and records why', async () => {
    const created = await createOrder(app);
    app.clock.advance(2 * 60_000);
    const answer = await payByScreenshot(app, created, 'KBZ-400001');
    expect(answer.order.delivery.state).toMatch(ESIM_OUT);
    const response = await app.call(
      'POST',
      `/api/staff/orders/${created.order.id}/reject-payment`,
      { reason: 'Forged screenshot: no such payment' },
      { Authorization: `Bearer ${state.key}` },
    );
    expect(response.status).toBe(200);
    const rows = await app.database.rawTransaction((tx) =>
      tx.query<Row>(
        'SELECT o.delivery_state, o.payment_rejected_reason, p.state FROM orders o JOIN profiles p ON p.order_id = o.id',
      ),
    );
    expect(rows).toEqual([
      {
        delivery_state: 'withdrawn',
        payment_rejected_reason: 'Forged screenshot: no such payment',
        state: 'withdrawn',
      },
    ]);
    const order = await orderOf(app, created);
    expect(order.delivery).toMatchObject({ state: 'withdrawn', esim: null });
  });
});
