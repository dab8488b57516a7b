import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMessageOutboxWorker,
  smtpMailer,
  type MessageOutboxWorker,
} from '../../src/delivery/message-outbox';
import {
  composeEsimEmail,
  composeHeldEmail,
  composeLookupEmail,
  myanmarDateTime,
  QR_CID,
  shownPlanName,
} from '../../src/delivery/message-texts';
import { NOTIFY_SECRET, notification, notify } from '../support/bank';
import { createOrder, readingAnswer, submitReceipt, readOrder } from '../support/shop';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { activationCode, iccid, postStock, staffKey, stockCsv } from '../support/stock';
import { T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Order = {
  id: string;
  contact: string;
  delivery: {
    state: string;
    esim: { activationCode: string } | null;
    email: { state: string; attempts: number };
  };
};

const SHOP_URL = 'https://shop.example';

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe(`the eSIM email through the outbox (${testStore})`, () => {
  let smtp: SmtpCatcher;
  let worker: MessageOutboxWorker;
  let key: string;
  const t = useTestApp(async () => {
    smtp = await startSmtpCatcher();
    return {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'eSIM Myanmar <shop@esim.example>',
        SHOP_URL: `${SHOP_URL}/`,
        STAFF_EMAIL: 'staff@esim.example',
      },
    };
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
    smtp.refuse = false;
    key = await staffKey(t);
    gemini.answer(readingAnswer());
  });

  const rows = sqlRows(t);
  const read = (id: string, token: string) => readOrder<Order>(t, { order: { id }, token });

  it('sends the eSIM with its QR code inline, the codes and the order link; a refusing server delays it, never loses it', async () => {
    await postStock(t, key, stockCsv(1));
    const created = await createOrder(t, { contact: 'Traveller@Example.com' });
    const answer = (await (await submitReceipt(t, created)).json()) as { order: Order };
    expect(answer.order.delivery.state).toBe('assigned');
    expect(answer.order.delivery.esim?.activationCode).toBe(activationCode(0));
    expect(answer.order.delivery.email).toEqual({ state: 'queued', attempts: 0 });

    // The mail server refuses (451): the row is kept and tried again later.
    smtp.refuse = true;
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.refused).toBeGreaterThan(0);
    let order = await read(created.order.id, created.token);
    expect(order.delivery).toMatchObject({
      state: 'assigned',
      email: { state: 'retrying', attempts: 1 },
    });
    const [failed] = await rows(
      "SELECT last_error, next_attempt_at FROM outbox WHERE kind = 'esim_email'",
    );
    expect(String(failed!.last_error)).toMatch(/451/);
    expect(String(failed!.last_error)).not.toMatch(/traveller@/i);
    expect(new Date(failed!.next_attempt_at as string).getTime()).toBe(T0 + 30_000);
    // Not due yet: nothing is tried.
    smtp.refuse = false;
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);

    t.clock.advance(30_000);
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toMatchObject({ text: 'Traveller@example.com' });
    expect(mail.from?.text).toContain('shop@esim.example');
    expect(mail.subject).toBe(`Your eSIM for Myanmar - order ${created.order.number}`);
    const link = `${SHOP_URL}/#/order/${created.order.id}?token=${encodeURIComponent(created.token)}&lang=en`;
    for (const part of [mail.text ?? '', String(mail.html)]) {
      expect(part).toContain('smdp.example.com');
      expect(part).toContain(activationCode(0).split('$')[2]);
      expect(part).toContain(iccid(0));
      expect(part).toContain('Wi-Fi');
    }
    expect(mail.text).toContain(link);
    expect(String(mail.html)).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(String(mail.html)).toContain(`src="cid:${QR_CID}"`);
    const qr = mail.attachments.find((attachment) => attachment.cid === QR_CID);
    expect(qr?.contentType).toBe('image/png');
    expect(qr?.contentDisposition).toBe('inline');
    expect(decodeQr(qr!.content)).toBe(activationCode(0));

    // Sent: delivered, the contact dropped, and the email's link opens the order.
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    order = await read(created.order.id, token);
    expect(order.delivery).toMatchObject({
      state: 'delivered',
      email: { state: 'sent', attempts: 2 },
    });
    expect(order.delivery.esim?.activationCode).toBe(activationCode(0));
    expect(order.contact).toBe('');
    expect(await rows('SELECT state FROM profiles')).toEqual([{ state: 'delivered' }]);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('writes to a Burmese buyer in Burmese', async () => {
    await postStock(t, key, stockCsv(1));
    const created = await createOrder(t, { language: 'my' });
    await submitReceipt(t, created);
    await worker.runOnce();
    const mail = smtp.messages[0]!;
    expect(mail.subject).toContain('မြန်မာနိုင်ငံအတွက် သင့် eSIM');
    expect(mail.text).toContain('- မြန်မာနိုင်ငံသို့ မရောက်မချင်း eSIM လိုင်းကို ပိတ်ထားပါ။');
    expect(String(mail.html)).toContain('lang="my"');
    // The plan by its Burmese name, as the shop showed it (decision 133).
    expect(mail.text).toContain('MPT ကွန်ရက်ပေါ်ရှိ ဒေတာ အသုံးများသူ အစီအစဉ်');
    expect(`${mail.subject}${mail.text}${String(mail.html)}`).not.toContain('Power User');
    // The order link opens the order page in Burmese too (issue #24).
    expect(mail.text).toContain(
      `/#/order/${created.order.id}?token=${encodeURIComponent(created.token)}&lang=my`,
    );
  });

  it('waits for stock before sending, then sends once an import assigns a profile; staff get an alert email', async () => {
    const created = await createOrder(t);
    const answer = (await (await submitReceipt(t, created)).json()) as { order: Order };
    expect(answer.order.delivery.state).toBe('waiting_for_stock');
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages.map((mail) => mail.to)).toMatchObject([{ text: 'staff@esim.example' }]);
    expect(smtp.messages[0]!.subject).toContain(created.order.number);
    await postStock(t, key, stockCsv(1));
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.messages[1]!;
    expect(mail.to).toMatchObject({ text: 'traveller@example.com' });
    expect(mail.text).toContain(`token=${encodeURIComponent(created.token)}`);
    expect((await read(created.order.id, created.token)).delivery.state).toBe('delivered');
  });

  it('staff resend queues the email again; withdraw stops it and hides the eSIM', async () => {
    await postStock(t, key, stockCsv(2));
    const created = await createOrder(t);
    await submitReceipt(t, created);
    await worker.runOnce();
    const staff = { Authorization: `Bearer ${key}` };
    const resend = await t.call(
      'POST',
      `/api/staff/orders/${created.order.id}/resend`,
      undefined,
      staff,
    );
    expect(resend.status).toBe(202);
    expect(await resend.json()).toEqual({ queued: true });
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]!.to).toMatchObject({ text: 'traveller@example.com' });
    expect(decodeQr(smtp.messages[1]!.attachments[0]!.content)).toBe(activationCode(0));

    await t.call('POST', `/api/staff/orders/${created.order.id}/resend`, undefined, staff);
    const withdrawn = await t.call(
      'POST',
      `/api/staff/orders/${created.order.id}/withdraw`,
      undefined,
      staff,
    );
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      order: { id: created.order.id, deliveryState: 'withdrawn', iccid: iccid(0) },
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
    const order = await read(created.order.id, created.token);
    expect(order.delivery).toMatchObject({ state: 'withdrawn', esim: null });
    // The token no longer lives in the outbox.
    expect(JSON.stringify(await rows('SELECT payload FROM outbox'))).not.toContain(created.token);
    expect(await rows('SELECT state FROM profiles ORDER BY iccid')).toEqual([
      { state: 'withdrawn' },
      { state: 'in_stock' },
    ]);
    const again = await t.call(
      'POST',
      `/api/staff/orders/${created.order.id}/resend`,
      undefined,
      staff,
    );
    expect(again.status).toBe(409);
  });
});

/**
 * Issue #44 item 2: a held order keeps its email buyer informed. When the receipt is checked and
 * the eSIM held for the bank, an email says so, with the promised time on Myanmar's clock and
 * the order link; once the bank confirms, the eSIM email says the eSIM is released. In the
 * buyer's language; a Viber buyer gets neither.
 */
describe(`the emails of an order held for the bank (${testStore})`, () => {
  let smtp: SmtpCatcher;
  let worker: MessageOutboxWorker;
  const t = useTestApp(async () => {
    smtp = await startSmtpCatcher();
    return {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'eSIM Myanmar <shop@esim.example>',
        SHOP_URL: `${SHOP_URL}/`,
        DELIVERY_POLICY: 'confirmed',
        BANK_CONFIRMATION_MINUTES: '120',
        PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
      },
    };
  });
  beforeEach(
    () => void (worker = createMessageOutboxWorker(t.deps, { mailer: smtpMailer(smtp.url) })),
  );
  afterEach(() => worker.stop());
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.messages.length = 0;
    smtp.refuse = false;
    await postStock(t, await staffKey(t), stockCsv(2));
    t.gemini.answer(readingAnswer());
  });
  const rows = sqlRows(t);

  /** The promised time as the email must write it: paid at T0 (10:00 UTC), +120 min, +06:30. */
  const promised = {
    en: 'usually by 23 Nov 2026, 18:30 (Myanmar time).',
    my: '(ပုံမှန်အားဖြင့် မြန်မာ စံတော်ချိန် ၂၀၂၆ နိုဝင်ဘာ ၂၃၊ ၁၈:၃၀ မတိုင်မီ)',
  };

  for (const language of ['en', 'my'] as const) {
    it(`emails the held state, then the released eSIM (${language})`, async () => {
      const created = await createOrder(t, { contact: 'Traveller@Example.com', language });
      const answer = (await (await submitReceipt(t, created)).json()) as { order: Order };
      expect(answer.order.delivery.state).toBe('held');
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.messages).toHaveLength(1);
      const held = smtp.messages[0]!;
      expect(held.to).toMatchObject({ text: 'Traveller@example.com' });
      const link = `${SHOP_URL}/#/order/${created.order.id}?token=${encodeURIComponent(created.token)}&lang=${language}`;
      expect(held.text).toContain(link);
      expect(held.attachments).toHaveLength(0);
      if (language === 'en') {
        expect(held.subject).toBe(
          `Receipt checked: your eSIM follows when the bank confirms - order ${created.order.number}`,
        );
        expect(held.text).toContain('please do not pay again');
      } else {
        expect(held.subject).toContain('ပြေစာကို စစ်ဆေးပြီးပါပြီ');
        expect(String(held.html)).toContain('lang="my"');
      }
      expect(held.text).toContain(
        language === 'en' ? 'the Power User plan' : 'ဒေတာ အသုံးများသူ အစီအစဉ်',
      );
      // On Myanmar's clock, named, as the order number is (Myanmar digits and month in Burmese).
      expect(held.text).toContain(promised[language]);
      // Sent: the address and the order link are not kept in the outbox.
      const [heldRow] = await rows("SELECT payload FROM outbox WHERE kind = 'held_email'");
      expect(JSON.stringify(heldRow!.payload)).not.toMatch(/traveller|token/i);
      // Nothing more while held: the eSIM email waits for the release.
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

      const response = await notify(t, notification(created.order.number));
      expect(response.status).toBe(200);
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
      const released = smtp.messages[1]!;
      expect(released.to).toMatchObject({ text: 'Traveller@example.com' });
      expect(released.attachments.map((attachment) => attachment.cid)).toEqual([QR_CID]);
      expect(released.text).toContain(
        language === 'en'
          ? 'Our bank has confirmed your payment: your eSIM is released.'
          : 'ငွေဝင်ကြောင်း ဘဏ်က အတည်ပြုပြီးပါပြီ - သင့် eSIM ကို ထုတ်ပေးပြီးပါပြီ။',
      );
      expect(released.text).toContain(activationCode(0));
      expect((await readOrder<Order>(t, created)).delivery.email.state).toBe('sent');
    });
  }

  it('sends no held email once the order was released before it went, and none to Viber', async () => {
    const created = await createOrder(t, { contact: 'traveller@example.com' });
    await submitReceipt(t, created);
    const viber = await createOrder(t, { contact: '09 765 432 109' });
    t.gemini.answer(readingAnswer({ transactionId: '0999 8888 7777' }));
    await submitReceipt(t, viber);
    expect(await rows("SELECT order_id FROM outbox WHERE kind = 'held_email'")).toEqual([
      { order_id: created.order.id },
    ]);
    expect((await notify(t, notification(created.order.number))).status).toBe(200);
    // Released before the worker ran: only the eSIM email goes, saying it is released.
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.subject).toBe(`Your eSIM for Myanmar - order ${created.order.number}`);
  });

  it('writes the promised time in the English email without a date when none is promised', () => {
    const mail = composeHeldEmail({
      to: 'a@example.com',
      from: 'shop@example.com',
      language: 'en',
      number: '#NXR-20261128-031645',
      planId: 'power-30',
      operatorId: 'mpt',
      promisedBy: null,
      link: null,
    });
    expect(mail.text).toContain('as soon as our bank confirms');
    expect(mail.text).not.toContain('usually by');
    expect(myanmarDateTime(Date.UTC(2026, 10, 27, 22, 46), 'en')).toBe(
      '28 Nov 2026, 05:16 (Myanmar time)',
    );
    expect(myanmarDateTime(Date.UTC(2026, 10, 27, 22, 46), 'my')).toBe(
      'မြန်မာ စံတော်ချိန် ၂၀၂၆ နိုဝင်ဘာ ၂၈၊ ၀၅:၁၆',
    );
  });
});

describe('the plan names in the emails (decision 133)', () => {
  const order = { number: '#NXR-20261128-031645', planId: 'power-30', operatorId: 'mpt' };
  const base = { to: 'a@example.com', from: 'shop@example.com', ...order };

  it('names each plan as the shop shows it, from the locale files', () => {
    expect(shownPlanName('power-30', 'en')).toBe('Power User');
    expect(shownPlanName('tourist-7', 'my')).toBe('ခရီးသွား');
    expect(shownPlanName('power-30', 'my')).toBe('ဒေတာ အသုံးများသူ');
    expect(shownPlanName('business-30', 'my')).toBe('လုပ်ငန်းသုံး');
    expect(shownPlanName('unknown-1', 'my')).toBe('unknown-1');
  });

  it('writes the Burmese plan name in every Burmese email, and the English one in English', async () => {
    for (const language of ['en', 'my'] as const) {
      const esim = await composeEsimEmail({
        ...base,
        language,
        iccid: '8995000000000000001',
        activationCode: 'LPA:1$smdp.example$MATCH-1',
        link: null,
      });
      const held = composeHeldEmail({ ...base, language, promisedBy: null, link: null });
      const lookup = composeLookupEmail({
        to: base.to,
        from: base.from,
        language,
        orders: [{ ...order, link: 'https://shop.example/#/order/1?token=x' }],
      });
      const all = [esim, held, lookup].map((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`);
      for (const text of all) {
        if (language === 'en') {
          expect(text).toContain('Power User');
        } else {
          expect(text).toContain('ဒေတာ အသုံးများသူ');
          expect(text).not.toContain('Power User');
        }
      }
    }
  });
});
