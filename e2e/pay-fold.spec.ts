import type { Locator, Page } from '@playwright/test';
import {
  expectAboveFold,
  purchaseTexts as texts,
  shot,
  startOf,
  toPayment as toOrder,
} from './support/checkout';
import { expect, test, useLanguage } from './support/fixtures';

const en = texts.en;
/** The payment step for a Viber number (the shorter contact line). */
const toPayment = async (page: Page, t: typeof en) => {
  await toOrder(page, t, '09123456789');
};

/** The element's text lies on one line. */
async function expectOneLine(locator: Locator) {
  const lines = await locator.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, `${await locator.textContent()} on one line`).toBe(1);
}

/**
 * Scrolled down, the sticky amount/time bar meets the sticky header: nothing of the page shows
 * between the two (the point just under the header belongs to the bar).
 */
async function expectNoGapUnderHeader(page: Page) {
  const header = await page.locator('.site-header').boundingBox();
  const bar = await page.locator('.purchase-pay__due').boundingBox();
  const headerBottom = header!.y + header!.height;
  expect(bar!.y).toBeGreaterThanOrEqual(headerBottom - 1);
  expect(bar!.y).toBeLessThanOrEqual(headerBottom);
  const x = bar!.x + 8;
  const underHeader = await page.evaluate(
    ([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('.purchase-pay__due'),
    [x, Math.ceil(headerBottom) + 1],
  );
  expect(underHeader, 'the point under the header is the bar').toBe(true);
}

for (const language of ['en', 'my'] as const) {
  const t = texts[language];

  test(`${language}: at 390×844 the QR, amount and countdown are on the first screen, and the countdown stays while scrolling`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    await toPayment(page, t);
    await page.evaluate(() => window.scrollTo(0, 0));
    const qr = page.getByRole('img', { name: startOf(t.payment.qrLabel) });
    const amount = page.getByTestId('amount-due');
    const timer = page.getByRole('timer');
    await expect(qr).toBeVisible();
    await expectAboveFold(qr, 844);
    await expectAboveFold(amount, 844);
    await expectAboveFold(timer, 844);
    // The stepper still says where the buyer is, to everyone.
    await expect(page.getByRole('navigation', { name: t.stepper.label })).toContainText(
      t.stepper.payment,
    );
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    // The amount ("80,000 MMK", "၈၀,၀၀၀ ကျပ်") and each tile's label on one line, inside its
    // tile; the bar stays compact.
    await expectOneLine(amount);
    for (const label of await page.locator('.purchase-tile__label').all()) {
      await expectOneLine(label);
    }
    for (const tile of await page.locator('.purchase-tile').all()) {
      expect(
        await tile.evaluate((node) => node.scrollWidth - node.clientWidth),
      ).toBeLessThanOrEqual(0);
    }
    const bar = await page.locator('.purchase-pay__due').boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, `payment-top-${language}-390`);

    // Scrolled down to the upload, the time left is still in view (and not under the header).
    const submit = page.getByRole('button', { name: t.receipt.submit });
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expect(submit).toBeInViewport({ ratio: 1 });
    await expect(timer).toBeInViewport({ ratio: 1 });
    const header = await page.locator('.site-header').boundingBox();
    const timerBox = await page.locator('.purchase-pay__due').boundingBox();
    expect(timerBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await shot(page, `payment-upload-${language}-390`);
  });

  test(`${language}: at 1280×800 the payment step keeps its two columns`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await useLanguage(page, language);
    await toPayment(page, t);
    await page.evaluate(() => window.scrollTo(0, 0));
    const qr = page.getByRole('img', { name: startOf(t.payment.qrLabel) });
    await expect(qr).toBeVisible();
    await expectAboveFold(qr, 800);
    await expectAboveFold(page.getByRole('timer'), 800);
    await shot(page, `payment-top-${language}-1280`);
    await expectOneLine(page.getByTestId('amount-due'));
    await page.getByRole('button', { name: t.receipt.submit }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('timer')).toBeInViewport({ ratio: 1 });
    await expectNoGapUnderHeader(page);
    await shot(page, `payment-upload-${language}-1280`);
  });

  test(`${language}: the amount/time bar meets the header whatever its height (a taller header)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useLanguage(page, language);
    await toPayment(page, t);
    // A header of another height (two lines of navigation, a zoomed text): the bar follows it.
    await page.addStyleTag({ content: '.site-header__bar { min-height: 110px; }' });
    await page.getByRole('button', { name: t.receipt.submit }).scrollIntoViewIfNeeded();
    await expectNoGapUnderHeader(page);
    const header = await page.locator('.site-header').boundingBox();
    expect(header!.height).toBeGreaterThan(100);
  });
}

for (const language of ['en', 'my'] as const) {
  const t = texts[language];
  test(`${language}: the expired panel offers the upload of a payment made in time`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    await page.clock.install();
    await toPayment(page, t);
    await page.clock.fastForward('10:01');
    await expect(page.getByRole('heading', { name: t.expired.heading })).toBeFocused();
    await expect(page.getByText(t.expired.lateText)).toBeVisible();
    await shot(page, `expired-${language}-390`);
    await page.getByRole('button', { name: t.expired.uploadLate }).click();
    await expect(page.getByRole('button', { name: t.receipt.submit })).toBeVisible();
    // Reopened for a late upload, it does not expire again while the buyer chooses the file.
    await page.clock.fastForward('01:00');
    await expect(page.getByRole('button', { name: t.receipt.submit })).toBeVisible();
  });
}

test('in the last minute the time-left tile turns red (its low state wins over the tile)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await toPayment(page, en);
  const tile = page.locator('.purchase-tile').filter({ has: page.getByRole('timer') });
  const calm = await tile.evaluate((node) => getComputedStyle(node).backgroundColor);
  await page.clock.fastForward('09:05');
  await expect(tile).toHaveClass(/purchase-countdown--low/);
  await expect
    .poll(() => tile.evaluate((node) => getComputedStyle(node).backgroundColor))
    .toBe('rgba(239, 68, 68, 0.16)');
  expect(calm).not.toBe('rgba(239, 68, 68, 0.16)');
  await expect(page.getByRole('timer')).toHaveCSS('color', 'rgb(252, 165, 165)');
});
