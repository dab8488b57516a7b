import type { Page } from '@playwright/test';
import { fill, purchaseTexts, shot, toPayment } from './support/checkout';
import { expect, test, useLanguage, type Language } from './support/fixtures';
import { smallPng } from './support/receipt-images';
import { e2eServers } from './support/servers';
import { forbidDirectAi, scriptReceipt } from './support/server-shop';

/**
 * Issue #23 item 1 in server mode (the README's layout: shop and API on their own ports): the
 * server's model reads the payee and the reference, the shared rules refuse a payment to someone
 * else and a receipt of another order, and the buyer reads what to do, in both languages. The
 * fake Gemini behind the API scripts these readings for receipts of this spec's own heights.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const PAYEE_HEIGHT = 651;
const REFERENCE_HEIGHT = 652;
const OTHER_ORDER = '#NXR-20261121-213000';

const script = (height: number, reading: Record<string, unknown>) =>
  scriptReceipt({ transactionId: `0400${Date.now()}${height}`, forHeight: height, reading });

async function send(page: Page, language: Language, height: number) {
  const t = purchaseTexts[language];
  await page.getByLabel(t.receipt.choose).setInputFiles(smallPng(300, height));
  await expect(page.getByRole('img', { name: t.receipt.previewAlt })).toBeVisible();
  const decided = page.waitForResponse((response) => response.url().endsWith('/receipt'));
  await page.getByRole('button', { name: t.receipt.submit }).click();
  expect((await decided).status()).toBe(200);
  await expect(page.getByRole('heading', { name: t.result.failureHeading })).toBeVisible();
}

for (const language of ['en', 'my'] as const) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    test(`refuses a payment to someone else and a receipt of another order (${language}, ${width}px)`, async ({
      page,
    }) => {
      const t = purchaseTexts[language];
      await page.setViewportSize({ width, height });
      await useLanguage(page, language);
      await forbidDirectAi(page);
      await script(PAYEE_HEIGHT, { payeeName: 'Ko Aung', paymentKind: 'personal' });
      await script(REFERENCE_HEIGHT, {
        payeeName: 'ESIM MYANMAR',
        paymentKind: 'merchant',
        reference: OTHER_ORDER,
      });
      const number = await toPayment(page, t, `payee-${language}-${width}@example.com`);

      await send(page, language, PAYEE_HEIGHT);
      const payee = fill(t.payeeCheck.payee, { payee: 'Ko Aung', shop: 'eSIM Myanmar' });
      await expect(page.getByText(payee)).toBeVisible();
      await expect(page.getByRole('button', { name: t.result.tryAgain })).toBeVisible();
      await shot(page, `payee-refused-${language}-${width}`, true);

      await page.getByRole('button', { name: t.result.tryAgain }).click();
      await expect(page.getByRole('heading', { name: t.payment.heading })).toBeVisible();
      await send(page, language, REFERENCE_HEIGHT);
      await expect(
        page.getByText(fill(t.payeeCheck.reference, { reference: OTHER_ORDER, order: number })),
      ).toBeVisible();
      await shot(page, `reference-refused-${language}-${width}`, true);
    });
  }
}
