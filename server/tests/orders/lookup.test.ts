import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMessageOutboxWorker,
  smtpMailer,
  type MessageOutboxWorker,
} from '../../src/delivery/message-outbox';
import { createOrder, modelAnswer, reading, submitReceipt } from '../support/shop';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { statementsOf } from '../support/statements';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { createTestApp, type TestApp, testStore, useTestApp } from '../support/test-app';

const SHOP_URL = 'https://shop.example';

/** Find my eSIMs (issue #24): POST /api/orders/lookup and the one email it queues. */
describe(`Find my eSIMs (${testStore})`, () => {
  let smtp: SmtpCatcher;
  let worker: MessageOutboxWorker;
  let key: string;
  let client = 0;
  const t = useTestApp(async () => {
    smtp = await startSmtpCatcher();
    return { env: { SMTP_URL: smtp.url, SHOP_URL, TRUST_PROXY: 'true' } };
  });
  const { gemini } = t;
  // The worker of each test's app (useTestApp makes one per test).
  beforeEach(
    () => void (worker = createMessageOutboxWorker(t.deps, { mailer: smtpMailer(smtp.url) })),
  );
  afterEach(() => worker.stop());
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.messages.length = 0;
    key = await staffKey(t);
    let next = 0;
    gemini.answer(() => {
      next += 1;
      return modelAnswer(JSON.stringify(reading({ transactionId: `WAVE-${700_000 + next}` })));
    });
    // Each test calls from a client address of its own (the per-client limit is in memory).
    client += 1;
  });

  const lookup = (email: string, language = 'en', from = `203.0.113.${client}`) =>
    t.call('POST', '/api/orders/lookup', { email, language }, { 'X-Forwarded-For': from });

  async function paidOrder(contact: string, change: Record<string, unknown> = {}) {
    const created = await createOrder(t, { contact, ...change });
    expect((await submitReceipt(t, created)).status).toBe(200);
    return created;
  }

  it('answers a known and an unknown address the same, and emails only the known one', async () => {
    await postStock(t, key, stockCsv(2));
    const first = await paidOrder('Buyer@Example.com');
    t.clock.advance(5_000);
    const second = await paidOrder('buyer@example.com');
    // Delivered: the contact is dropped, the hash stays.
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    smtp.messages.length = 0;

    // The same work either way (review N4): the same statements, one outbox row each; the
    // search runs in the outbox worker.
    const { result: known, statements: knownWork } = await statementsOf(() =>
      lookup('  BUYER@example.com '),
    );
    const { result: unknown, statements: unknownWork } = await statementsOf(() =>
      lookup('nobody@example.com'),
    );
    expect(knownWork).toEqual(unknownWork);
    expect(knownWork.some((query) => /"orders"/.test(query))).toBe(false);
    expect(
      await t.database.rawTransaction((tx) =>
        tx.query("SELECT id FROM outbox WHERE kind = 'orders_lookup_email'"),
      ),
    ).toHaveLength(2);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect(known.headers.get('content-type')).toBe(unknown.headers.get('content-type'));

    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toMatchObject({ text: 'BUYER@example.com' });
    expect(mail.subject).toBe('Your eSIM orders: the links to your order pages');
    // Both orders, newest first, each with a link of its own that opens the order.
    const links = [...(mail.text ?? '').matchAll(/https:\/\/shop\.example\/#\/order\/\S+/g)].map(
      (match) => match[0],
    );
    expect(links).toHaveLength(2);
    expect(mail.text!.indexOf(second.order.number)).toBeLessThan(
      mail.text!.indexOf(first.order.number),
    );
    for (const [link, created] of [
      [links[0]!, second],
      [links[1]!, first],
    ] as const) {
      expect(link).toMatch(new RegExp(`/#/order/${created.order.id}\\?token=[\\w-]+&lang=en$`));
      const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
      expect(token).not.toBe(created.token);
      const read = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
        'X-Order-Token': token,
      });
      expect(read.status).toBe(200);
      // A lookup token opens its own order only.
      const other = created === first ? second : first;
      expect(
        (
          await t.call('GET', `/api/orders/${other.order.id}`, undefined, {
            'X-Order-Token': token,
          })
        ).status,
      ).toBe(404);
      // The first link still works.
      expect(
        (
          await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
            'X-Order-Token': created.token,
          })
        ).status,
      ).toBe(200);
    }
    expect(String(mail.html)).toContain(`href="${links[0]!.replace(/&/g, '&amp;')}"`);
    // Once sent, neither the address nor the links are kept.
    const kept = await t.database.rawTransaction((tx) =>
      tx.query<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM outbox WHERE kind = 'orders_lookup_email'",
      ),
    );
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toMatch(/buyer|nobody|token/i);
  });

  it('makes links that expire after LOOKUP_LINK_DAYS; the order’s own link does not (review N4)', async () => {
    await postStock(t, key, stockCsv(1));
    const created = await paidOrder('expiry@example.com');
    await worker.runOnce();
    smtp.messages.length = 0;
    expect((await lookup('expiry@example.com')).status).toBe(202);
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    const link = /https:\/\/shop\.example\/#\/order\/\S+/.exec(smtp.messages[0]!.text ?? '')![0];
    const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
    const read = (with_: string) =>
      t.call('GET', `/api/orders/${created.order.id}`, undefined, { 'X-Order-Token': with_ });
    // The default is 7 days.
    t.clock.advance(7 * 24 * 60 * 60_000 - 60_000);
    expect((await read(token)).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await read(token);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await read(created.token)).status).toBe(200);
  });

  it('lists only paid orders of that address, in the asked language', async () => {
    await postStock(t, key, stockCsv(2));
    const paid = await paidOrder('traveller@example.com');
    const unpaid = await createOrder(t, { contact: 'traveller@example.com' });
    const someoneElse = await paidOrder('other@example.com');
    const viber = await paidOrder('09123456789');
    expect((await lookup('traveller@example.com', 'my')).status).toBe(202);
    await worker.runOnce();
    const mail = smtp.messages.find((message) =>
      (message.subject ?? '').includes('သင့် eSIM အော်ဒါများ'),
    )!;
    expect(mail.to).toMatchObject({ text: 'traveller@example.com' });
    expect(String(mail.html)).toContain('lang="my"');
    expect(mail.text).toContain(paid.order.number);
    expect(mail.text).toContain(`/#/order/${paid.order.id}?token=`);
    expect(mail.text).toMatch(/&lang=my/);
    for (const absent of [unpaid, someoneElse, viber]) {
      expect(mail.text).not.toContain(absent.order.id);
    }
  });

  it('finds an order by the address the buyer corrected on the payment step', async () => {
    await postStock(t, key, stockCsv(1));
    const created = await createOrder(t, { contact: 'typo@exampel.com' });
    const changed = await t.call(
      'PATCH',
      `/api/orders/${created.order.id}`,
      { contact: 'right@example.com' },
      { 'X-Order-Token': created.token },
    );
    expect(changed.status).toBe(200);
    expect((await submitReceipt(t, created)).status).toBe(200);
    await lookup('typo@exampel.com');
    await lookup('right@example.com');
    await worker.runOnce();
    const lookups = smtp.messages.filter((message) => /order pages/.test(message.subject ?? ''));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.to).toMatchObject({ text: 'right@example.com' });
  });

  it('limits requests per address and per client: 429 with Retry-After', async () => {
    for (let n = 0; n < 3; n += 1) {
      expect((await lookup('limited@example.com', 'en', `198.51.100.${n}`)).status).toBe(202);
    }
    const fourth = await lookup('LIMITED@example.com', 'en', '198.51.100.9');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fourth.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another address from a fresh client goes on; an hour later the address may ask again.
    t.clock.advance(60 * 60_000);
    expect((await lookup('limited@example.com', 'en', '198.51.100.10')).status).toBe(202);

    const from = '192.0.2.77';
    for (let n = 0; n < 10; n += 1) {
      expect((await lookup(`person${n}@example.com`, 'en', from)).status).toBe(202);
    }
    const eleventh = await lookup('person10@example.com', 'en', from);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
  });

  it('counts a victim address only for a client within its own limit (review N4)', async () => {
    const attacker = '198.51.100.66';
    for (let n = 0; n < 10; n += 1) {
      expect((await lookup(`junk-${n}@example.com`, 'en', attacker)).status).toBe(202);
    }
    // Over its own limit: refused, and the victim's 3-an-hour budget is not touched.
    for (let n = 0; n < 3; n += 1) {
      expect((await lookup('victim@example.com', 'en', attacker)).status).toBe(429);
    }
    expect((await lookup('victim@example.com', 'en', '198.51.100.67')).status).toBe(202);
  });

  it('refuses what is not an email address with the one error shape', async () => {
    for (const email of ['09123456789', 'not an email', 'a@example.com\r\nBcc: x@example.com']) {
      const response = await lookup(email);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
  });
});

describe(`Find my eSIMs without email (${testStore})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the shop sends no email (503), whatever the address', async () => {
    const response = await t.call('POST', '/api/orders/lookup', { email: 'a@example.com' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'email_unavailable' } });
  });
});
