import type { Page } from '@playwright/test';
import enDelivery from '../locales/en/delivery.json' with { type: 'json' };
import myDeliveryRaw from '../locales/my/delivery.json' with { type: 'json' };
import { fill } from './support/checkout';
import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { paidThroughApi as paidOrder, receiptPng, scriptReceipt } from './support/server-shop';
import { e2eServers } from './support/servers';
import { shownBundle } from './support/burmese';

const myDelivery = shownBundle(myDeliveryRaw);

/**
 * The order page inside an app's browser (issue #42): a buyer who opened the link from Facebook
 * or Messenger first reads how to open it in Safari or Chrome, then finds the QR to scan from
 * another screen and the codes to copy; an iPhone's one-tap install link comes last.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type ShopOrder = { id: string; delivery: { state: string } };

async function paidThroughApi(height: number) {
  await scriptReceipt({ transactionId: `0430${Date.now()}${height}`, forHeight: height });
  const { order, token, answer } = await paidOrder<ShopOrder>({
    contact: `in-app-${height}-${Date.now()}@example.com`,
    image: receiptPng(height).buffer,
  });
  expect(answer.order.delivery.state).toBe('assigned');
  return `/order/${order.id}?token=${encodeURIComponent(token)}`;
}

const top = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())!.y;

const cases = [
  {
    name: 'Facebook on an iPhone, English',
    language: 'en' as const,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.108;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBLC/en_US]',
    heading: fill(enDelivery.inApp.heading, { app: 'Facebook' }),
    how: 'Open in Safari',
    last: '.esim-install__apple',
    height: 891,
  },
  {
    name: 'Messenger on Android, Burmese',
    language: 'my' as const,
    viewport: { width: 360, height: 740 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/452.0.0.38.109;]',
    heading: fill(myDelivery.inApp.heading, { app: 'Messenger' }),
    how: 'Open in Chrome',
    last: '.esim-install__steps',
    height: 892,
  },
];

for (const browser of cases) {
  test.describe(browser.name, () => {
    test.use({ viewport: browser.viewport, userAgent: browser.userAgent });

    test(`leads with leaving the app, then the QR and the codes (${browser.name})`, async ({
      page,
    }) => {
      await useLanguage(page, browser.language);
      await openRoute(page, await paidThroughApi(browser.height));
      const notice = page.getByRole('region', { name: browser.heading });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(browser.how);
      await expect(page.locator(browser.last)).toBeVisible();
      const [noticeTop, qrTop, codesTop, lastTop] = await Promise.all([
        top(page, '.esim-in-app'),
        top(page, '[data-testid="esim-qr"]'),
        top(page, '.esim-codes'),
        top(page, browser.last),
      ]);
      expect(noticeTop).toBeLessThan(qrTop);
      expect(qrTop).toBeLessThan(codesTop);
      expect(codesTop).toBeLessThan(lastTop);
      // The page's link, to paste into the phone's own browser.
      await expect(notice.getByRole('textbox')).toHaveValue(/#\/order\/.+token=/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        browser.viewport.width,
      );
      await page.screenshot({
        path: `test-results/in-app-${browser.language}-${browser.viewport.width}.png`,
        fullPage: true,
      });
    });
  });
}
