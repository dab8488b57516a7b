import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import homeEn from '../locales/en/home.json' with { type: 'json' };
import homeMyRaw from '../locales/my/home.json' with { type: 'json' };
import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test } from './support/fixtures';
import { pageOverflow } from './support/phone-layout';
import { e2eServers } from './support/servers';
import { forbidDirectAi, receiptPng, scriptReceipt } from './support/server-shop';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);
const homeMy = shownBundle(homeMyRaw);

/**
 * Walk 1 of the tourist walk (issue #44, /work/shared/reviews/tourist-walk.md): home → buy →
 * plan → network → contact → MMQR payment → upload → the eSIM and its order link, in server mode,
 * on an iPhone (390×844, an email address) and an Android phone (360×740, a Viber number), in
 * English and in Burmese (switched to on the home page, as a tourist's Burmese friend would).
 * Counted as the walk counts them: taps on the shop's own controls (focusing the contact field is
 * one), typed fields, and scrolls, each a swipe of at most 70 % of the screen that brings the
 * next target wholly on screen below the sticky header (and the payment step's sticky amount
 * bar). The counts are written to SHOTS_DIR (or test-results) as walk1-<phone>-<language>.json.
 * At every step the page is no wider than the screen.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const phones = {
  iphone: {
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    contact: 'tourist.walker@example-mail.com',
  },
  android: {
    viewport: { width: 360, height: 740 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    contact: '09 765 432 109',
  },
} as const;
type Phone = keyof typeof phones;

const deliveryTexts = { en: deliveryEn, my: deliveryMy };
const homeTexts = { en: homeEn, my: homeMy };

/** The walk's counts, with what each scroll was for. */
class Walk {
  taps = 0;
  fields = 0;
  scrolls = 0;
  scrolledFor: string[] = [];

  constructor(private readonly page: Page) {}

  /** Swipes (each at most 70 % of the screen) until the target lies wholly on screen. */
  async reach(target: Locator, name: string) {
    await expect(target).toBeVisible();
    const page = this.page;
    const { top, bottom } = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      // In the sticky header itself: always on screen.
      if (element.closest('.site-header')) return { top: 0, bottom: 0 };
      // What stays on top: the sticky header, and the payment step's sticky amount bar.
      let covered = 0;
      for (const bar of document.querySelectorAll('.site-header, .purchase-pay__due')) {
        const style = getComputedStyle(bar);
        if (style.position !== 'sticky' && style.position !== 'fixed') continue;
        const barBox = bar.getBoundingClientRect();
        if (barBox.top <= 1) covered = Math.max(covered, barBox.bottom);
      }
      return { top: box.top - covered, bottom: box.bottom };
    });
    const screen = page.viewportSize()!.height;
    let delta = 0;
    if (bottom > screen) delta = Math.min(bottom - screen + 8, top);
    else if (top < 0) delta = top - 8;
    if (delta === 0) return;
    const swipes = Math.ceil(Math.abs(delta) / (0.7 * screen));
    this.scrolls += swipes;
    this.scrolledFor.push(`${swipes} to ${name}`);
    await page.evaluate((by) => window.scrollBy(0, by), delta);
  }
  async tap(target: Locator, name: string) {
    await this.reach(target, name);
    this.taps += 1;
    await target.click();
  }
  async type(target: Locator, name: string, value: string) {
    await this.tap(target, name);
    this.fields += 1;
    await target.fill(value);
  }
}

for (const phone of Object.keys(phones) as Phone[]) {
  for (const language of ['en', 'my'] as const satisfies Language[]) {
    test(`walk 1, ${phone}, ${language}: home to the eSIM, counted, never wider than the screen`, async ({
      browser,
    }) => {
      const { viewport, userAgent, contact } = phones[phone];
      const context = await browser.newContext({
        viewport,
        userAgent,
        hasTouch: true,
        isMobile: true,
        serviceWorkers: 'block',
        baseURL: e2eServers.server.url,
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await forbidDirectAi(page);
        const t = purchaseTexts[language];
        const d = deliveryTexts[language];
        const height = 1200 + Object.keys(phones).indexOf(phone) * 10 + (language === 'my' ? 1 : 0);
        await scriptReceipt({ transactionId: `0744${Date.now()}`, forHeight: height });
        const walk = new Walk(page);
        const fitsTheScreen = async (where: string) =>
          expect(await pageOverflow(page), `${where}: wider than the screen`).toEqual([]);

        await openRoute(page, '/');
        if (language === 'my') {
          await walk.tap(page.locator('.language-toggle'), 'the language switch');
          await expect(page.locator('html')).toHaveAttribute('lang', 'my');
        }
        await fitsTheScreen('home');
        await shot(page, `walk1-${phone}-${language}-01-home`);
        await walk.tap(
          page.getByRole('link', { name: homeTexts[language].hero.cta }).first(),
          'Buy eSIM',
        );
        const buy = page.getByRole('button', {
          name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }),
        });
        await expect(buy).toBeVisible();
        await fitsTheScreen('plans');
        await shot(page, `walk1-${phone}-${language}-02-plans`);
        await walk.tap(buy, 'the plan');
        const mpt = page.getByRole('button', { name: 'MPT' });
        await expect(mpt).toBeVisible();
        await fitsTheScreen('networks');
        await shot(page, `walk1-${phone}-${language}-03-network`);
        await walk.tap(mpt, 'MPT');
        const field = page.getByLabel(t.contact.label);
        await expect(field).toBeVisible();
        await shot(page, `walk1-${phone}-${language}-04-contact`);
        await walk.type(field, 'the contact field', contact);
        await fitsTheScreen('contact');
        await walk.tap(page.getByRole('button', { name: t.contact.continue }), 'Continue');
        await expect(page.getByRole('heading', { name: t.payment.heading })).toBeFocused();
        await fitsTheScreen('payment');
        await shot(page, `walk1-${phone}-${language}-05-payment`);
        const save = page.getByRole('button', { name: t.payment.download });
        const downloaded = page.waitForEvent('download');
        await walk.tap(save, 'Save QR');
        await downloaded;
        const choose = page.getByLabel(t.receipt.choose);
        await walk.reach(
          page.locator('.purchase-receipt label', { hasText: t.receipt.choose }).first(),
          'Choose screenshot',
        );
        walk.taps += 1;
        await choose.setInputFiles(receiptPng(height));
        await expect(page.getByRole('img', { name: t.receipt.previewAlt })).toBeVisible();
        await shot(page, `walk1-${phone}-${language}-06-upload`);
        await walk.tap(page.getByRole('button', { name: t.receipt.submit }), 'Upload and verify');
        await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeFocused({
          timeout: 30_000,
        });
        await expect(page.getByTestId('esim-qr')).toBeVisible();
        await fitsTheScreen('result');
        await shot(page, `walk1-${phone}-${language}-07-result`);
        const orderLink =
          phone === 'android'
            ? page.getByRole('textbox', { name: d.keep.linkLabel })
            : page.locator('.esim-delivery__link a');
        await walk.reach(orderLink, 'the order link');
        await shot(page, `walk1-${phone}-${language}-08-order-link`);
        await fitsTheScreen('result, at the order link');

        const counts = {
          taps: walk.taps,
          fields: walk.fields,
          scrolls: walk.scrolls,
          scrolledFor: walk.scrolledFor,
        };
        const dir = process.env.SHOTS_DIR ?? 'test-results';
        mkdirSync(dir, { recursive: true });
        writeFileSync(`${dir}/walk1-${phone}-${language}.json`, JSON.stringify(counts));
        console.log(`walk 1 ${phone} ${language}: ${JSON.stringify(counts)}`);
        // The walk's own floor: the taps a purchase needs, one field.
        expect(walk.taps).toBe(language === 'my' ? 9 : 8);
        expect(walk.fields).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
