import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSmdp, type FakeSmdp } from '../../../e2e/support/fake-smdp.mjs';
import {
  createMessageOutboxWorker,
  smtpMailer,
  type MessageOutboxWorker,
} from '../../src/delivery/message-outbox';
import { createProvisioningWorker } from '../../src/provisioning/provisioning-worker';
import {
  createOrder,
  modelAnswer,
  payOrder,
  reading,
  readOrder,
  type Created,
} from '../support/shop';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { staffKey } from '../support/stock';
import { sqlRows, testStore, useTestApp } from '../support/test-app';

/**
 * A replacement of an eSIM ordered over ES2+ (issue #41 point 4, decision 135), on both stores
 * against the fake SM-DP+: the old ICCID cancelled at its SM-DP+, a second DownloadOrder for the
 * same order (its attempt 2), the new eSIM on the order page and emailed once it is there, its
 * install progress starting again, every step an event of the order's life; and a replacement
 * while the SM-DP+ is down, pending and visible to staff until a retry gets it.
 */

type Esim = {
  iccid: string;
  activationCode: string;
  installState: string | null;
  installStateAt: number | null;
};
type Order = { id: string; delivery: { state: string; esim: Esim | null } };

describe(`a replacement ordered from the SM-DP+ (${testStore})`, () => {
  let atom: FakeSmdp;
  let smtp: SmtpCatcher;
  let outbox: MessageOutboxWorker;
  let key = '';
  let receipts = 0;
  const t = useTestApp(async () => {
    atom = await startFakeSmdp({
      smdpAddress: 'smdp.atom.example',
      profileTypes: ['ATOM-POWER-30'],
    });
    smtp = await startSmtpCatcher();
    return {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'eSIM Myanmar <shop@esim.example>',
        PROVISIONING_ATOM: 'es2plus',
        ES2PLUS_ATOM_URL: atom.url,
        ES2PLUS_ATOM_REQUESTER_ID: 'esim-myanmar-shop',
        ES2PLUS_ATOM_PROFILE_TYPES: 'power-30=ATOM-POWER-30',
        PROVISIONING_RETRY_BASE_MS: '1000',
        PROVISIONING_TIMEOUT_MS: '10000',
        PROVISIONING_LEASE_MS: '30000',
        PROVISIONING_FALLBACK_MS: '600000',
      },
    };
  });
  const rows = sqlRows(t);
  afterAll(async () => {
    await atom.close();
    await smtp.close();
  });
  beforeEach(async () => {
    outbox = createMessageOutboxWorker(t.deps, { mailer: smtpMailer(smtp.url) });
    smtp.messages.length = 0;
    atom.calls.length = 0;
    atom.profiles.clear();
    atom.control.down = false;
    key = await staffKey(t);
    t.gemini.answer(() => {
      receipts += 1;
      return modelAnswer(JSON.stringify(reading({ transactionId: `KBZ-${500_000 + receipts}` })));
    });
  });
  afterEach(() => outbox.stop());

  const provisioning = () => createProvisioningWorker(t.deps);
  const read = (created: Created) => readOrder<Order>(t, created);
  const staff = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/staff${path}`, body, { Authorization: `Bearer ${key}` });
  const events = async (orderId: string) =>
    (
      await rows('SELECT event, to_state FROM order_events WHERE order_id = $1 ORDER BY seq', [
        orderId,
      ])
    ).map((row) => `${String(row.event)}→${String(row.to_state)}`);

  /** An ATOM order paid, its eSIM ordered over ES2+ and emailed: delivered. */
  async function delivered() {
    const created = await createOrder(t, { operatorId: 'atom' });
    t.clock.advance(2000);
    await payOrder(t, created);
    expect(await provisioning().runOnce()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await outbox.runOnce()).toMatchObject({ sent: 1 });
    const order = await read(created);
    expect(order.delivery.state).toBe('delivered');
    smtp.messages.length = 0;
    return { created, old: order.delivery.esim! };
  }

  /** The buyer asks for a new eSIM (deleted by mistake); staff approve it. */
  async function replace(created: Created) {
    const asked = await t.call(
      'POST',
      `/api/orders/${created.order.id}/request`,
      { kind: 'replace', reason: 'deleted', email: 'traveller@example.com' },
      { 'X-Order-Token': created.token },
    );
    expect(asked.status).toBe(201);
    const { request } = (await asked.json()) as { request: { id: string } };
    t.clock.advance(60_000);
    return staff('POST', `/requests/${request.id}/approve`, { action: 'replace' });
  }

  it('cancels the old ICCID, orders a second profile, shows and emails the new eSIM', async () => {
    const { created, old } = await delivered();
    expect((await replace(created)).status).toBe(200);
    const replacedAt = t.clock.now();

    // At once: the old profile withdrawn, the order being prepared again, nothing called yet.
    const waiting = await read(created);
    expect(waiting.delivery).toMatchObject({ state: 'provisioning', esim: null });
    expect(
      await rows(
        'SELECT kind, attempt, iccid, final_profile_status, state FROM es2plus_jobs ORDER BY id',
      ),
    ).toEqual([
      { kind: 'order', attempt: 1, iccid: old.iccid, final_profile_status: null, state: 'done' },
      {
        kind: 'cancel',
        attempt: 1,
        iccid: old.iccid,
        final_profile_status: 'Unavailable',
        state: 'pending',
      },
      { kind: 'order', attempt: 2, iccid: null, final_profile_status: null, state: 'pending' },
    ]);
    // The answer to the request is mailed; the eSIM email waits for the new eSIM.
    expect(await outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.text).not.toContain('LPA:1$');
    expect(await outbox.runOnce()).toMatchObject({ sent: 0 });
    smtp.messages.length = 0;

    // The worker: CancelOrder of the old ICCID, then a new DownloadOrder and ConfirmOrder.
    atom.calls.length = 0;
    t.clock.advance(1000);
    expect(await provisioning().runOnce()).toEqual({ done: 2, retried: 0, failed: 0 });
    expect(atom.calls.map((call) => call.fn)).toEqual([
      'cancelOrder',
      'downloadOrder',
      'confirmOrder',
    ]);
    expect(atom.calls[0]!.body).toMatchObject({
      iccid: old.iccid,
      finalProfileStatusIndicator: 'Unavailable',
    });
    expect(atom.profiles.get(old.iccid)?.state).toBe('Unavailable');
    const fresh = [...atom.profiles.values()].find((profile) => profile.iccid !== old.iccid)!;
    expect(fresh.state).toBe('Released');

    // The order page shows the new eSIM, its install progress from the start.
    const esim = (await read(created)).delivery.esim;
    expect(esim).toMatchObject({
      iccid: fresh.iccid,
      activationCode: `LPA:1$smdp.atom.example$${fresh.matchingId}`,
      installState: 'released',
      installStateAt: replacedAt + 1000,
    });
    expect(esim!.activationCode).not.toBe(old.activationCode);

    // Emailed to the address the buyer left, with the new code.
    expect(await outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toMatchObject({ text: 'traveller@example.com' });
    expect(smtp.messages[0]!.text).toContain(fresh.matchingId!);
    expect(smtp.messages[0]!.text).not.toContain(old.activationCode.split('$')[2]!);
    expect((await read(created)).delivery.state).toBe('delivered');

    // One life: paid, provisioned, emailed; asked, replaced, provisioned again, emailed again.
    expect(await events(created.order.id)).toEqual([
      'receiptClaimed→verifying',
      'paid→paid',
      'provisioningStarted→provisioning',
      'profileHanded→assigned',
      'emailSent→delivered',
      'refundRequested→requested',
      'replaced→replaced',
      'provisioningStarted→provisioning',
      'profileHanded→assigned',
      'emailSent→delivered',
    ]);
    // The old profile is the order's no more; the staff list shows the new one.
    expect(
      await rows('SELECT state, order_id, replaced_order_id FROM profiles WHERE iccid = $1', [
        old.iccid,
      ]),
    ).toEqual([{ state: 'withdrawn', order_id: null, replaced_order_id: created.order.id }]);
    const list = (await (await staff('GET', '/orders')).json()) as {
      orders: { id: string; iccid: string; profileSource: string; provisioningError: null }[];
    };
    expect(list.orders.find((order) => order.id === created.order.id)).toMatchObject({
      iccid: fresh.iccid,
      profileSource: 'es2plus',
      provisioningError: null,
    });
  });

  it('with the SM-DP+ down, the replacement stays pending, shown to staff, and a retry gets it', async () => {
    const { created, old } = await delivered();
    atom.control.down = true;
    expect((await replace(created)).status).toBe(200);
    expect(await provisioning().runOnce()).toEqual({ done: 0, retried: 2, failed: 0 });

    // Nothing half-written: the old eSIM withdrawn, the order waiting for its new one.
    expect((await read(created)).delivery).toMatchObject({ state: 'provisioning', esim: null });
    expect(await rows('SELECT 1 FROM profiles WHERE order_id = $1', [created.order.id])).toEqual(
      [],
    );
    const list = (await (await staff('GET', '/orders')).json()) as {
      orders: { id: string; deliveryState: string; provisioningError: string | null }[];
    };
    expect(list.orders.find((order) => order.id === created.order.id)).toMatchObject({
      deliveryState: 'provisioning',
      provisioningError: 'downloadOrder: the SM-DP+ answered HTTP 503',
    });
    // Staff's requests tab: replaced, the order still being prepared.
    const requests = (await (await staff('GET', '/requests')).json()) as {
      requests: { state: string; order: { id: string; deliveryState: string } }[];
    };
    expect(requests.requests.find((r) => r.order.id === created.order.id)).toMatchObject({
      state: 'replaced',
      order: { deliveryState: 'provisioning' },
    });

    // Back up, after the backoff: the old ICCID cancelled, the new eSIM handed and emailed.
    atom.control.down = false;
    t.clock.advance(1000);
    expect(await provisioning().runOnce()).toEqual({ done: 2, retried: 0, failed: 0 });
    expect(atom.profiles.get(old.iccid)?.state).toBe('Unavailable');
    const esim = (await read(created)).delivery.esim!;
    expect(esim.iccid).not.toBe(old.iccid);
    expect(esim.installState).toBe('released');
    // The request's answer and the new eSIM.
    expect(await outbox.runOnce()).toMatchObject({ sent: 2 });
    expect(
      smtp.messages.filter((mail) => mail.text?.includes(esim.activationCode.split('$')[2]!)),
    ).toHaveLength(1);
    expect(
      await rows(
        "SELECT attempt, state, attempts FROM es2plus_jobs WHERE kind = 'order' ORDER BY attempt",
      ),
    ).toEqual([
      { attempt: 1, state: 'done', attempts: 1 },
      { attempt: 2, state: 'done', attempts: 2 },
    ]);
  });
});
