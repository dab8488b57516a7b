import type { Page } from '@playwright/test';
import {
  fill,
  purchaseTexts as texts,
  receiptAt,
  shot,
  toPayment,
  uploadReceipt,
} from './support/checkout';
import { expect, type Language, test, useLanguage } from './support/fixtures';
import { e2eGeminiEnv, e2eServers } from './support/servers';

/**
 * Issue #24 item 7 and part of 8, at 390 × 844 in both languages: nothing of the result screen
 * runs past the right edge (a long email address included); the sticky amount bar never covers
 * what the page scrolls to under it; the floating chat button covers no text or control of the
 * result screen; "or drag and drop" shows only where a pointer can drag.
 */
const phone = { width: 390, height: 844 };
const WEBHOOK = e2eGeminiEnv.VITE_ORDER_WEBHOOK_URL!;
const LONG_EMAIL = 'firstname.middlename.lastname.traveller@example-company-mail.com';

test.beforeEach(async ({ page }) => {
  await page.route(WEBHOOK, (route) => route.fulfill({ status: 204 }));
});

/** Elements of the page whose right edge passes the screen's (hidden ones aside). */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main *, footer *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest('.visually-hidden')) continue;
      if (box.right > width + 0.5)
        found.push(`${element.tagName}.${element.className}: ${Math.round(box.right)}`);
    }
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    return found;
  });
}

/** Texts and controls on screen that a shown floating button lies over. */
function coveredByFloating(page: Page) {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const meets = (a: Box, b: Box) =>
      a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    const fabs = [
      ...document.querySelectorAll<HTMLElement>('.music-player, .scroll-top, .chat-fab'),
    ]
      .filter((element) => getComputedStyle(element).visibility === 'visible')
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.bottom > 0 && box.top < innerHeight);
    const covered: string[] = [];
    for (const target of document.querySelectorAll<HTMLElement>(
      'main li, main p, main a, main button, main input, main label, main svg, main h2, main h3',
    )) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (fabs.some((fab) => meets(box, fab)))
        covered.push((target.innerText || target.tagName).slice(0, 40));
    }
    return covered;
  });
}

/** Scrolls down the page in steps, then back up, checking at each position. */
async function atEveryPosition(page: Page, check: (where: string) => Promise<void>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await check('at the top');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 300; y < height; y += 300) {
    await page.mouse.wheel(0, 300);
    await check(`down to ${y}`);
  }
  for (let step = 0; step < 3; step += 1) {
    await page.mouse.wheel(0, -250);
    await check(`back up, step ${step + 1}`);
  }
}

for (const language of ['en', 'my'] as const satisfies Language[]) {
  const t = texts[language];

  test(`${language}: at 390 px the result screen stays inside the screen, and the chat button covers none of it`, async ({
    page,
    gemini,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(phone);
    await useLanguage(page, language);
    let paidAt = 0;
    gemini.on(
      'generateContent',
      receiptAt(() => paidAt),
    );
    await toPayment(page, t, LONG_EMAIL);
    paidAt = Date.now() - 60_000;
    await uploadReceipt(page, t);
    await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeFocused();
    await expect(page.getByText(fill(t.result.stepSent, { contact: LONG_EMAIL }))).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await page.mouse.move(phone.width / 2, phone.height / 2);
    await atEveryPosition(page, async (where) => {
      await expect.poll(() => coveredByFloating(page), { message: where }).toEqual([]);
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `result-static-${language}-390`, true);
  });

  test(`${language}: what the page scrolls to stops under the sticky amount bar, not beneath it`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(phone);
    await useLanguage(page, language);
    await toPayment(page, t);
    const bar = page.locator('.purchase-pay__due');
    // Down at the upload, then back to what lies above it, as Shift+Tab or a link would.
    await page.getByRole('button', { name: t.receipt.submit }).scrollIntoViewIfNeeded();
    const targets = [
      page.getByRole('heading', { name: t.receipt.heading }),
      page.locator('.purchase-receipt .purchase-field-hint').first(),
      page.getByRole('button', { name: t.payment.download }),
    ];
    for (const target of targets) {
      await page.getByRole('button', { name: t.receipt.submit }).scrollIntoViewIfNeeded();
      await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      const barBox = (await bar.boundingBox())!;
      const box = (await target.boundingBox())!;
      expect(box.y, `${await target.textContent()} below the bar`).toBeGreaterThanOrEqual(
        barBox.y + barBox.height,
      );
      // What shows at the line's start is the line itself, not the bar.
      const seen = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.purchase-pay__due') === null,
        [box.x + 4, box.y + 4],
      );
      expect(seen).toBe(true);
    }
    await shot(page, `payment-scrolled-${language}-390`);
  });
}

test('"or drag and drop" shows where a pointer can drag, not on a phone', async ({ browser }) => {
  const t = texts.en;
  const touch = await browser.newContext({
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    baseURL: e2eServers.gemini.url,
  });
  try {
    const page = await touch.newPage();
    await page.route(WEBHOOK, (route) => route.fulfill({ status: 204 }));
    await toPayment(page, t);
    await expect(page.getByText(t.receipt.drop)).toBeHidden();
    await expect(page.getByText(t.receipt.camera)).toBeVisible();
    await shot(page, 'upload-phone-en-390');
  } finally {
    await touch.close();
  }
});

test('"or drag and drop" shows with a mouse, even in a narrow window', async ({ page }) => {
  const t = texts.en;
  await page.setViewportSize(phone);
  await toPayment(page, t);
  await expect(page.getByText(t.receipt.drop)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText(t.receipt.drop)).toBeVisible();
  await shot(page, 'upload-desktop-en-1280');
});
