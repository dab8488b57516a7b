import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import { purchaseTexts, shot } from './support/checkout';
import { expect, type Language, test, useLanguage } from './support/fixtures';
import { androidContext, androidPhone, pageOverflow } from './support/phone-layout';
import { e2eServers } from './support/servers';
import { orderOnServer, receiptPng, scriptReceipt, sendReceipt } from './support/server-shop';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);

/**
 * Issue #44 item 3: no page wider than the phone. On a 360×740 Android phone, in both languages,
 * the result screen and the order page of a Viber buyer (the "Keep the link" block) and of an
 * email buyer fit the screen: the page never scrolls sideways, nothing passes the screen's edge,
 * and nothing in the content sticks out of its card (the codes' Copy buttons included), at every
 * scroll position.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const deliveryTexts = { en: deliveryEn, my: deliveryMy };
const contacts = { viber: '09 765 432 108', email: 'a.long.name.for.a.traveller@example-mail.com' };

/** The page fits the screen at the top, and at every scroll position down to its end. */
async function expectFitsEverywhere(page: Page, where: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await pageOverflow(page), `${where}, scrolled to ${y}`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const language of ['en', 'my'] as const satisfies Language[]) {
  for (const kind of ['viber', 'email'] as const) {
    test(`${language}, ${kind}: at 360×740 the result and the order page are no wider than the phone`, async ({
      browser,
    }) => {
      const context = await androidContext(browser, e2eServers.server.url);
      const page = await context.newPage();
      try {
        await useLanguage(page, language);
        const t = purchaseTexts[language];
        const d = deliveryTexts[language];
        const height = 1300 + (language === 'my' ? 1 : 0) + (kind === 'email' ? 2 : 0);
        await scriptReceipt({ transactionId: `0360${Date.now()}${height}`, forHeight: height });
        const { order } = await orderOnServer<{ id: string }>(page, contacts[kind], { texts: t });
        await sendReceipt(page, order.id, receiptPng(height), { texts: t });
        await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeVisible();
        await expect(page.getByTestId('esim-qr')).toBeVisible();
        const keep = page.getByRole('region', { name: d.keep.heading });
        if (kind === 'viber') await expect(keep).toBeVisible();
        await expectFitsEverywhere(page, 'the result');
        if (kind === 'viber') {
          await keep.scrollIntoViewIfNeeded();
          await shot(page, `fit-result-keep-${language}-360`);
        }
        await page.locator('.esim-codes').scrollIntoViewIfNeeded();
        await shot(page, `fit-result-codes-${kind}-${language}-360`);

        const link =
          kind === 'viber'
            ? await keep.getByRole('textbox', { name: d.keep.linkLabel }).inputValue()
            : await page.locator('.esim-delivery__link a').getAttribute('href');
        await page.goto(link!);
        await expect(page.getByTestId('esim-qr')).toBeVisible();
        await expectFitsEverywhere(page, 'the order page');
        // A smaller phone (and a wider font) has less room still: the page must shrink with it.
        await page.setViewportSize({ width: 320, height: 640 });
        await expectFitsEverywhere(page, 'the order page at 320 px');
        await page.setViewportSize(androidPhone.viewport);
        await page.locator('.esim-codes').scrollIntoViewIfNeeded();
        await shot(page, `fit-order-codes-${kind}-${language}-360`);
      } finally {
        await context.close();
      }
    });
  }
}
