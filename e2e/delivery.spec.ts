import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import delivery from '../locales/en/delivery.json' with { type: 'json' };
import en from '../locales/en/purchase.json' with { type: 'json' };
import {
  axeViewports,
  axeViolations,
  expect,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';
import { fill } from './support/checkout';
import { e2eApi, e2eServers } from './support/servers';
import {
  decodeQr,
  forbidDirectAi,
  orderOnServer,
  paidThroughApi as paidOrder,
  receiptPng,
  scriptReceipt,
  sendReceipt,
  signInAsStaff,
} from './support/server-shop';

/**
 * Instant delivery end to end (issue #17), in server mode against the real API, which starts
 * with the eSIM stock of e2e/support/stock.csv and mails to a local SMTP catcher
 * (e2e/support/smtp-catcher.mjs): buy → confirmed → the eSIM QR on screen decodes to exactly the
 * assigned activation code; the email carries the same code and the order link; the order page
 * opened from that link in a fresh browser shows it again.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type Esim = { iccid: string; activationCode: string; smdpAddress: string; matchingId: string };
type ShopOrder = {
  id: string;
  number: string;
  status: string;
  delivery: { state: string; esim: Esim | null; email: { state: string } };
};
type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { contentType: string; cid: string; base64: string }[];
};

/** This journey's receipts are this tall: the fake Gemini reports this journey's id for them. */
const RECEIPT_HEIGHT = 640;

const stockCodes = readFileSync(e2eApi.stockCsv, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[3]);

/** The eSIM QR on screen, photographed and decoded as a second phone's camera would. */
async function decodeOnScreen(page: Page, orderNumber: string) {
  const qr = page.getByRole('img', { name: fill(delivery.qrLabel, { order: orderNumber }) });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box!.width, 'big enough to scan from a second phone').toBeGreaterThanOrEqual(240);
  return decodeQr(await qr.screenshot());
}

test('buys an eSIM and gets it at once: on screen, by email, and on the order page', async ({
  page,
  browser,
}) => {
  const transactionId = `0200${Date.now()}`;
  await scriptReceipt({ transactionId, forHeight: RECEIPT_HEIGHT });
  await forbidDirectAi(page);
  const contact = `delivery-${Date.now()}@example.com`;

  // Plan, operator, an email address, payment.
  const { order, token } = await orderOnServer<ShopOrder>(page, contact);
  const answer = await sendReceipt<{ order: ShopOrder; verification: { status: string } }>(
    page,
    order.id,
    receiptPng(RECEIPT_HEIGHT),
  );
  expect(answer.verification.status).toBe('confirmed');
  const esim = answer.order.delivery.esim;
  expect(answer.order.delivery.state).toBe('assigned');
  expect(stockCodes, 'a profile of the stock was assigned').toContain(esim?.activationCode);
  const code = esim!.activationCode;

  // On screen at once: the QR decodes to exactly the assigned code; the codes to copy.
  await expect(page.getByRole('heading', { name: en.result.successHeading })).toBeFocused();
  await expect(page.getByRole('heading', { name: delivery.heading, exact: true })).toBeVisible();
  expect(await decodeOnScreen(page, order.number)).toBe(code);
  await expect(page.getByRole('textbox', { name: delivery.codesLpa.label })).toHaveValue(code);
  await expect(page.getByRole('textbox', { name: delivery.codes.smdp })).toHaveValue(
    esim!.smdpAddress,
  );
  const onScreenLink = await page
    .getByRole('link', { name: fill(delivery.orderLinkText, { order: order.number }) })
    .getAttribute('href');
  expect(onScreenLink).toBe(`#/order/${order.id}?token=${encodeURIComponent(token)}&lang=en`);

  // The email: the same code, as text and as the inline QR image, and the order link.
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${e2eApi.mailbox.url}/messages`)).json()) as Mail[];
        mail = all.find((message) => message.to.includes(contact));
        return Boolean(mail);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(mail!.text).toContain(code);
  const inlineQr = mail!.attachments.find((part) => part.contentType === 'image/png');
  expect(inlineQr?.cid).toBeTruthy();
  expect(mail!.html).toContain(`cid:${inlineQr!.cid}`);
  expect(decodeQr(Buffer.from(inlineQr!.base64, 'base64'))).toBe(code);
  const emailLink = mail!.text.match(/https?:\/\/\S+#\/order\/\S+/)?.[0];
  expect(emailLink).toBe(
    `${e2eServers.server.url.replace(/\/$/, '')}/#/order/${order.id}?token=${encodeURIComponent(token)}&lang=en`,
  );

  // The tab is closed; the buyer opens the email's link in a fresh browser: the eSIM again.
  await page.close();
  const other = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const fresh = await other.newPage();
    await fresh.goto(emailLink!);
    await expect(fresh.getByTestId('order-number')).toHaveText(order.number);
    expect(await decodeOnScreen(fresh, order.number)).toBe(code);
    await expect(fresh).toHaveTitle(/Your eSIM order/);
    await expect(fresh.getByText(delivery.email.sent)).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the order page refuses a wrong token and explains it', async ({ page, consoleErrors }) => {
  await page.goto('./#/order/5b0f3f0e-1d1c-4c55-9d0a-0c1f4d2b7a11?token=not-the-token');
  await expect(page.getByRole('alert')).toHaveText(delivery.order.notFound);
  // Chromium logs the refused request; it is the one expected.
  const index = consoleErrors.findIndex((line) => line.includes('Failed to load resource'));
  expect(index).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
});

/** A paid order made straight through the API (the fake Gemini reads its receipt as paid). */
async function paidThroughApi(height: number) {
  await scriptReceipt({ transactionId: `0300${Date.now()}${height}`, forHeight: height });
  const { order, token, answer } = await paidOrder<ShopOrder>({
    contact: `axe-${height}-${Date.now()}@example.com`,
    image: receiptPng(height).buffer,
  });
  expect(answer.order.delivery.state).toBe('assigned');
  return `/order/${order.id}?token=${encodeURIComponent(token)}`;
}

for (const [index, viewport] of axeViewports.entries()) {
  test(`axe finds no violation on the order page with its eSIM, nor on the staff page, in Burmese (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await useLanguage(page, 'my');
    await openRoute(page, await paidThroughApi(700 + index));
    await expect(page.getByTestId('esim-qr')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await signInAsStaff(page);
    await expect(page.locator('table').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
