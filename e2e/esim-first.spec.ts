import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import homeEn from '../locales/en/home.json' with { type: 'json' };
import homeMyRaw from '../locales/my/home.json' with { type: 'json' };
import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { e2eServers } from './support/servers';
import { forbidDirectAi, receiptPng, scriptReceipt } from './support/server-shop';
import { shownBundle, shownMy } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);
const homeMy = shownBundle(homeMyRaw);

/**
 * Issue #24 items 4 and 6, in server mode against the real API (the README's layout: shop and
 * API on two origins). On a 390×844 phone, in both languages, the result screen puts the eSIM
 * first: on an iPhone its Install button, on Android the QR code and the eSIM code, within the
 * first screen, with no scrolling; the order page does the same. A Viber buyer is offered the
 * order link to keep (send it to their own Viber, copy it) and is promised no email. The walk
 * from home to the eSIM is counted (taps, fields, scrolls) and written to SHOTS_DIR.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const userAgents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;
type Phone = keyof typeof userAgents;

const deliveryTexts = { en: deliveryEn, my: deliveryMy };
const homeTexts = { en: homeEn, my: homeMy };

/** A receipt of its own height: the fake Gemini reads it as this journey's payment. */
async function scriptedReceipt(height: number) {
  await scriptReceipt({ transactionId: `0700${Date.now()}${height}`, forHeight: height });
  return receiptPng(height);
}

/** The taps, fields and scrolls of a walk, as a buyer on this screen would need them. */
class Walk {
  taps = 0;
  fields = 0;
  scrolls = 0;
  /** What each scroll was needed for. */
  scrolledFor: string[] = [];

  /** Scrolls only when the target is not wholly on screen (one scroll to bring it there). */
  private async reach(target: Locator) {
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    if (!box || box.y < 0 || box.y + box.height > phone.height) {
      this.scrolls += 1;
      this.scrolledFor.push(target.toString());
      await target.scrollIntoViewIfNeeded();
    }
  }
  async tap(target: Locator) {
    await this.reach(target);
    this.taps += 1;
    await target.click();
  }
  async type(target: Locator, value: string) {
    await this.reach(target);
    this.fields += 1;
    await target.fill(value);
  }
  async choose(target: Locator, file: Awaited<ReturnType<typeof scriptedReceipt>>) {
    await this.reach(target);
    this.taps += 1;
    this.fields += 1;
    await target.setInputFiles(file);
  }
  /** The eSIM is on screen at once (no scroll) or counts the scroll it needs. */
  async see(target: Locator) {
    await this.reach(target);
  }
}

/** The eSIM's part for this phone: Apple's Install button, or the QR and the eSIM code. */
function esimTargets(page: Page, kind: Phone, language: Language) {
  const d = deliveryTexts[language];
  return kind === 'iphone'
    ? [page.getByRole('link', { name: d.iphone.install })]
    : [page.getByTestId('esim-qr'), page.getByRole('textbox', { name: d.codes.lpa })];
}

/** The box lies wholly within the first screen, the page not scrolled. */
async function expectOnFirstScreen(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), 'not scrolled').toBe(0);
  const box = await target.boundingBox();
  expect(box!.y, 'below the top').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'above the fold').toBeLessThanOrEqual(phone.height);
}

for (const [index, kind] of (['iphone', 'android'] as const).entries()) {
  for (const [offset, language] of (['en', 'my'] as const).entries()) {
    test(`${kind}, ${language}: at 390×844 the eSIM is on the first screen of the result and of the order page; a Viber buyer keeps the link`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        userAgent: userAgents[kind],
        viewport: phone,
        serviceWorkers: 'block',
        baseURL: e2eServers.server.url,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await forbidDirectAi(page);
        await useLanguage(page, language);
        const t = purchaseTexts[language];
        const d = deliveryTexts[language];
        const receipt = await scriptedReceipt(900 + index * 10 + offset);
        const walk = new Walk();

        await openRoute(page, '/');
        await walk.tap(page.getByRole('link', { name: homeTexts[language].hero.cta }).first());
        await walk.tap(
          page.getByRole('button', {
            name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }),
          }),
        );
        await walk.tap(page.getByRole('button', { name: 'MPT' }));
        // A Viber number: the order link is this buyer's delivery.
        await walk.type(page.getByLabel(t.contact.label), `09790${index}${offset}123`);
        await walk.tap(page.getByRole('button', { name: t.contact.continue }));
        await expect(page.getByRole('heading', { name: t.payment.heading })).toBeFocused();
        await walk.choose(page.getByLabel(t.receipt.choose), receipt);
        await walk.tap(page.getByRole('button', { name: t.receipt.submit }));
        await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeFocused({
          timeout: 30_000,
        });
        const targets = esimTargets(page, kind, language);
        for (const target of targets) await expect(target).toBeVisible();
        for (const target of targets) await walk.see(target);
        mkdirSync(process.env.SHOTS_DIR ?? 'test-results', { recursive: true });
        writeFileSync(
          `${process.env.SHOTS_DIR ?? 'test-results'}/walk-${kind}-${language}.json`,
          JSON.stringify({
            taps: walk.taps,
            fields: walk.fields,
            scrolls: walk.scrolls,
            scrolledFor: walk.scrolledFor,
          }),
        );

        // The result screen as the buyer arrives on it: the eSIM within the first screen.
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const target of targets) await expectOnFirstScreen(page, target);
        await shot(page, `result-${kind}-${language}-390`);
        await shot(page, `result-${kind}-${language}-390-full`, true);

        // Viber buyer: no email is promised; the order link is offered to keep.
        const keep = page.getByRole('region', { name: d.keep.heading });
        await expect(keep).toBeVisible();
        const forward = keep.getByRole('link', { name: d.keep.viber });
        const href = (await forward.getAttribute('href')) ?? '';
        expect(href.startsWith('viber://forward?text=')).toBe(true);
        const text = decodeURIComponent(href.slice('viber://forward?text='.length));
        const orderLink = text.match(/https?:\/\/\S+#\/order\/\S+/)?.[0] ?? '';
        expect(orderLink.startsWith(e2eServers.server.url.replace(/\/$/, ''))).toBe(true);
        await expect(keep.getByRole('textbox', { name: d.keep.linkLabel })).toHaveValue(orderLink);
        await expect(page.getByText(d.email.queued)).toHaveCount(0);
        await expect(page.getByText(d.email.sent)).toHaveCount(0);
        await expect(page.locator('main')).not.toContainText(
          new RegExp(`e-?mail|${shownMy('အီးမေးလ်')}`, 'i'),
        );

        // The order page from that link: the eSIM first again.
        await page.goto(orderLink);
        await expect(page.getByTestId('esim-qr')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const target of esimTargets(page, kind, language))
          await expectOnFirstScreen(page, target);
        await expect(page.getByRole('region', { name: d.keep.heading })).toBeVisible();
        await shot(page, `order-${kind}-${language}-390`);
        await shot(page, `order-${kind}-${language}-390-full`, true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
