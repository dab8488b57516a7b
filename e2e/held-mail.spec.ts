import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import mailEn from '../locales/en/delivery-email.json' with { type: 'json' };
import mailMy from '../locales/my/delivery-email.json' with { type: 'json' };
import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, test, useLanguage } from './support/fixtures';
import { pageOverflow } from './support/phone-layout';
import { e2eApi, e2eBankApi, e2eServers } from './support/servers';
import {
  forbidDirectAi,
  orderOnServer,
  receiptPng,
  scriptReceipt,
  sendReceipt,
} from './support/server-shop';
import { shownBundle, shownMy } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);

/**
 * Issue #44 item 2, a held order keeps its email buyer informed, in the README's layout: on the
 * first API (its mail catcher; DELIVERY_POLICY=limit, decision 128) a receipt that shows no payee
 * is held for the bank. The buyer reads the promised time on Myanmar's clock and a help link on
 * the result; an email says the receipt is checked and the eSIM held, in the buyer's language.
 * The bank's signed notification releases it: the eSIM appears by itself, its email says it is
 * released, and the result screen, once the email is sent, says so instead of "We are emailing
 * it to you now". The codes are shown whole at 360 px.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type ShopOrder = { id: string; number: string; price: number };
type Mail = { to: string; subject: string; text: string; html: string };

const deliveryTexts = { en: deliveryEn, my: deliveryMy };
// The emails are written by the server, from locales/ as written (no joiners: decision 132).
const mailTexts = { en: mailEn, my: mailMy };
/** The promised time's clock, as each language names it. */
const myanmarTime = {
  en: /\(Myanmar time\)/,
  // On the page with its joiners (decision 132), in the email without.
  my: new RegExp(shownMy('မြန်မာ စံတော်ချိန် ').replaceAll('\u2060', '\u2060?')),
};

/** The acquirer's notification of the order's payment, signed with the first API's secret. */
async function notify(order: ShopOrder, transactionId: string) {
  const body = JSON.stringify({
    eventId: `evt_${transactionId}`,
    transactionId,
    orderNumber: order.number.replace(/^#/, ''),
    amount: order.price,
    currency: 'MMK',
    paidAt: new Date().toISOString(),
  });
  const at = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', e2eBankApi.notifySecret).update(`${at}.${body}`).digest('hex');
  return fetch(`${e2eApi.url}/api/payments/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': `t=${at},v1=${v1}` },
    body,
  });
}

/** The catcher's mail to `to` whose subject is `subject`, once it arrives. */
async function mailTo(to: string, subject: string) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${e2eApi.mailbox.url}/messages`)).json()) as Mail[];
        found = all.find((mail) => mail.to.includes(to) && mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** Screenshots of the result at the two phones and a desktop, back at 390×844 after. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await pageOverflow(page)).toEqual([]);
    await shot(page, `${name}-${width}`, true);
  }
}

for (const [index, language] of (['en', 'my'] as const satisfies Language[]).entries()) {
  test(`a held order's buyer is emailed while held and when released (${language})`, async ({
    page,
  }) => {
    const t = purchaseTexts[language];
    const d = deliveryTexts[language];
    const m = mailTexts[language];
    const height = 1570 + index;
    const transactionId = `0570${Date.now()}${index}`;
    // A receipt that shows no payee: the first API's `limit` policy holds it for the bank.
    await scriptReceipt({
      transactionId,
      forHeight: height,
      reading: { payeeName: null, paymentKind: null },
    });
    await forbidDirectAi(page);
    await useLanguage(page, language);
    await page.setViewportSize({ width: 390, height: 844 });
    const contact = `held-mail-${language}-${Date.now()}@example.com`;
    const { order, token } = await orderOnServer<ShopOrder>(page, contact, { texts: t });
    const answer = await sendReceipt<{ order: { delivery: { state: string } } }>(
      page,
      order.id,
      receiptPng(height),
      { texts: t },
    );
    expect(answer.order.delivery.state).toBe('held');

    // The result: held, by when on Myanmar's clock, and where to ask.
    const held = page.getByRole('region', { name: d.held.heading });
    await expect(held).toBeVisible();
    await expect(held.getByRole('status')).toContainText(myanmarTime[language]);
    await expect(held.getByRole('link', { name: d.held.helpLink })).toHaveAttribute(
      'href',
      '#/help-center',
    );
    await shots(page, `held-mail-result-${language}`);

    // The email while held: in the buyer's language, the same promise, the order link.
    const link = `${e2eServers.server.url.replace(/\/$/, '')}/#/order/${order.id}?token=${encodeURIComponent(token)}&lang=${language}`;
    const heldMail = await mailTo(contact, fill(m.held.subject, { number: order.number }));
    expect(heldMail.text).toContain(m.held.next);
    expect(heldMail.text).toMatch(myanmarTime[language]);
    expect(heldMail.text).toContain(link);

    // The bank's notification releases it: the eSIM appears by itself.
    const response = await notify(order, transactionId);
    expect(response.status).toBe(200);
    await expect(
      page.getByRole('img', { name: fill(d.qrLabel, { order: order.number }) }),
    ).toBeVisible();
    const releasedMail = await mailTo(contact, fill(m.subject, { number: order.number }));
    expect(releasedMail.text).toContain(m.held.released);
    // Sent: the result says so, as the order page does, and no longer "emailing it now".
    await expect(page.getByText(d.email.sent, { exact: true })).toBeVisible();
    await expect(page.getByText(d.email.queued, { exact: true })).toHaveCount(0);

    // The codes whole at 360 px: no field cuts its code (each as tall as its wrapped lines).
    await page.setViewportSize({ width: 360, height: 740 });
    const cut = await page
      .locator('.esim-codes__value')
      .evaluateAll((fields) =>
        fields
          .filter((field) => field.scrollHeight > field.clientHeight + 1)
          .map((field) => (field as HTMLTextAreaElement).value),
      );
    expect(cut).toEqual([]);
    await shots(page, `held-mail-released-${language}`);
  });
}
