import type { Locator, Page } from '@playwright/test';
import en from '../../locales/en/purchase.json' with { type: 'json' };
import myRaw from '../../locales/my/purchase.json' with { type: 'json' };
import { expect, type Language, openRoute } from './fixtures';
import { jsonAnswer, type ResponseSpec } from './gemini';
import { smallPng } from './receipt-images';
import { shownBundle } from './burmese';

const my = shownBundle(myRaw);

/** What the checkout journeys share: its texts, the way to the payment step and the receipt. */
export type PurchaseTexts = typeof en;
export const purchaseTexts: Record<Language, PurchaseTexts> = { en, my };

/** A text with its `{{placeholders}}` filled in. */
export const fill = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Matches the start of a text, up to its first placeholder. */
export const startOf = (text: string) =>
  new RegExp(`^${text.split('{{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Screenshots for the review, only when SHOTS_DIR is set. */
export const shot = async (page: Page, name: string, fullPage = false) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
};

/** A good receipt of the 80,000 MMK plan, paid at `paidAt()` (the page's clock). */
export const receiptAt =
  (paidAt: () => number): (() => ResponseSpec) =>
  () =>
    jsonAnswer({
      isPaymentConfirmed: true,
      reason: 'The payment was successful.',
      transactionId: `0100${Math.floor(paidAt() / 1000)}`,
      amount: 80_000,
      currency: 'MMK',
      transactionTime: new Date(paidAt()).toISOString(),
      status: 'SUCCESS',
    });

/** Power User on MPT for `contact`, up to the payment step; returns the order number. */
export async function toPayment(page: Page, t: PurchaseTexts, contact = 'buyer@example.com') {
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
    .click();
  await page.getByRole('button', { name: 'MPT' }).click();
  await page.getByLabel(t.contact.label).fill(contact);
  await page.getByRole('button', { name: t.contact.continue }).click();
  await expect(page.getByRole('heading', { name: t.payment.heading })).toBeFocused();
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

/** Chooses a receipt screenshot and sends it for checking. */
export async function uploadReceipt(page: Page, t: PurchaseTexts) {
  await page.getByLabel(t.receipt.choose).setInputFiles(smallPng());
  await expect(page.getByRole('img', { name: t.receipt.previewAlt })).toBeVisible();
  await page.getByRole('button', { name: t.receipt.submit }).click();
}

/** The element's box lies within the first `fold` pixels of the (unscrolled) page. */
export async function expectAboveFold(locator: Locator, fold: number) {
  await expect(locator).toBeVisible();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= fold;
    })
    .toBe(true);
}

/** An order number written into a sentence: the number, on one line (one box). */
export async function expectOrderNumberOnOneLine(span: Locator, number: string) {
  await expect(span).toHaveText(number);
  await expect(span).toHaveCSS('white-space', 'nowrap');
  expect(await span.evaluate((node) => node.getClientRects().length)).toBe(1);
}
