import type { Page } from '@playwright/test';
import {
  expectAboveFold,
  expectOrderNumberOnOneLine,
  fill,
  purchaseTexts as texts,
  receiptAt,
  shot,
  startOf,
  toPayment,
  uploadReceipt,
} from './support/checkout';
import { expect, test, useLanguage } from './support/fixtures';
import { e2eGeminiEnv } from './support/servers';

/**
 * After the payment code expired (screenshot review s21): the expired panel with one main
 * action and the late-upload offer on the first screen; the late upload without the expired QR,
 * Save QR or countdown; a payment made after expiry refused with a new order as the way on; and
 * order numbers that never break at a hyphen. In both languages, at 390×844 and 1280×800.
 */

const WEBHOOK = e2eGeminiEnv.VITE_ORDER_WEBHOOK_URL!;
test.beforeEach(async ({ page }) => {
  await page.route(WEBHOOK, (route) => route.fulfill({ status: 204 }));
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Every order number written into a sentence on the page is on one line (one box). */
async function expectOrderNumbersOnOneLine(page: Page, number: string, atLeast = 1) {
  const spans = page.locator('.purchase-order-number');
  expect(await spans.count()).toBeGreaterThanOrEqual(atLeast);
  for (const span of await spans.all()) {
    if (await span.isVisible()) await expectOrderNumberOnOneLine(span, number);
  }
}

const sizes = [
  { width: 390, height: 844, name: '390' },
  { width: 1280, height: 800, name: '1280' },
] as const;

for (const language of ['en', 'my'] as const) {
  const t = texts[language];

  for (const size of sizes) {
    test(`${language} ${size.name}: after expiry, the late upload shows no QR, Save QR or countdown, and the upload is on the first screen`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await useLanguage(page, language);
      await page.clock.install();
      const number = await toPayment(page, t);
      await page.clock.fastForward('10:01');

      // The expired panel: no repeated intro, the late-upload offer on the first screen, one
      // main action (Start Over) and the late upload as a secondary one.
      await expect(page.getByRole('heading', { name: t.expired.heading })).toBeFocused();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator('.buy-page > .lead')).toBeHidden();
      const uploadLate = page.getByRole('button', { name: t.expired.uploadLate });
      await expectAboveFold(page.getByText(t.expired.lateText), size.height);
      await expectAboveFold(uploadLate, size.height);
      await expect(uploadLate).not.toHaveClass(/button--primary/);
      await expect(page.getByRole('button', { name: t.expired.startOver })).toHaveClass(
        /button--primary/,
      );
      await expectOrderNumbersOnOneLine(page, number);
      await shot(page, `expired-${language}-${size.name}`);

      await uploadLate.click();
      await expect(page.getByRole('heading', { name: t.late.heading })).toBeFocused();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('img', { name: startOf(t.payment.qrLabel) })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.payment.download })).toHaveCount(0);
      await expect(page.getByRole('timer')).toHaveCount(0);
      await expect(page.locator('.purchase-qr, .purchase-pay__due')).toHaveCount(0);
      await expectAboveFold(page.getByText(t.late.notice), size.height);
      await expectAboveFold(page.getByTestId('order-number'), size.height);
      await expect(page.getByTestId('order-number')).toHaveText(number);
      await expectAboveFold(page.getByTestId('amount-due'), size.height);
      await expectAboveFold(page.locator('label', { hasText: t.receipt.choose }), size.height);
      await shot(page, `late-upload-${language}-${size.name}`);

      // Still not timed out a minute later: the buyer chooses the screenshot in peace.
      await page.clock.fastForward('01:00');
      await expect(page.getByRole('heading', { name: t.late.heading })).toBeVisible();
      await shot(page, `late-upload-full-${language}-${size.name}`, true);
    });

    test(`${language} ${size.name}: a payment made after expiry is refused, with a new order as the way on`, async ({
      page,
      gemini,
    }) => {
      await page.setViewportSize(size);
      await useLanguage(page, language);
      await page.clock.install();
      const number = await toPayment(page, t);
      await page.clock.fastForward('20:00');
      // Paid half a minute ago (the page's clock): ten minutes after the code expired.
      const now = await page.evaluate(() => Date.now());
      gemini.on(
        'generateContent',
        receiptAt(() => now - 30_000),
      );
      await page.getByRole('button', { name: t.expired.uploadLate }).click();
      await uploadReceipt(page, t);

      await expect(page.getByRole('heading', { name: t.result.failureHeading })).toBeFocused();
      await expect(page.getByTestId('failure-reason')).toHaveText(t.failure.afterExpiry);
      const newOrder = page.getByRole('button', { name: t.result.newOrder });
      await expect(newOrder).toHaveClass(/button--primary/);
      await expect(page.getByRole('button', { name: t.result.tryAgain })).toHaveCount(0);
      await expect(page.getByRole('link', { name: t.result.contactViber })).toBeVisible();
      await expect(
        page.getByText(fill(t.result.failureHelpNewOrder, { order: number })),
      ).toBeVisible();
      // No "try again with a clearer screenshot": the same screenshot cannot pass.
      await expect(page.getByText(startOf(t.result.failureHelp))).toHaveCount(0);
      await expectOrderNumbersOnOneLine(page, number);
      // The buy page's intro does not repeat: the way on is on the first screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator('.buy-page > .lead')).toBeHidden();
      await expectAboveFold(newOrder, size.height);
      await shot(page, `refused-after-expiry-${language}-${size.name}`);
      await shot(page, `refused-after-expiry-full-${language}-${size.name}`, true);

      await newOrder.click();
      await expect(page.getByRole('heading', { name: t.plans.heading })).toBeFocused();
    });
  }
}
