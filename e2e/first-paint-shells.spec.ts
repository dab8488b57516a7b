import type { Page } from '@playwright/test';
import englishCompatibility from '../locales/en/compatibility.json' with { type: 'json' };
import englishDelivery from '../locales/en/delivery.json' with { type: 'json' };
import burmeseCompatibilityRaw from '../locales/my/compatibility.json' with { type: 'json' };
import burmeseDeliveryRaw from '../locales/my/delivery.json' with { type: 'json' };
import { jsonAnswer } from './support/gemini';
import { e2eServers } from './support/servers';
import { expect, type Language, reportCspViolations, test, useLanguage } from './support/fixtures';
import { shownBundle } from './support/burmese';

const burmeseCompatibility = shownBundle(burmeseCompatibilityRaw);
const burmeseDelivery = shownBundle(burmeseDeliveryRaw);

/**
 * Every route paints from HTML (issue #28.6, decision 085): /compatibility and the order page
 * (a route with a parameter: its shell) come from their pre-rendered copies, in the visitor's
 * language, before the app's JavaScript has run; the device check's late answer fills the place
 * kept for it and is not the page's largest paint.
 */
const texts = {
  en: { compatibility: englishCompatibility, delivery: englishDelivery },
  my: { compatibility: burmeseCompatibility, delivery: burmeseDelivery },
} satisfies Record<Language, unknown>;

/** Holds the app's entry back for the whole test: what is on screen came from HTML alone. */
async function withoutTheApp(page: Page) {
  let requested!: () => void;
  const held = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js(\?.*)?$/, () => requested());
  // In an object: an async function returning the promise itself would wait for it.
  return { held };
}

const anOrder = '/order/4f3c2b1a-0000-4000-8000-000000000001?token=shell-test-token';

test.beforeEach(async ({ page }) => {
  await reportCspViolations(page);
});

for (const language of ['en', 'my'] as const) {
  const { compatibility, delivery } = texts[language];

  test.describe(`in ${language === 'en' ? 'English' : 'Burmese'}`, () => {
    test.beforeEach(async ({ page }) => {
      if (language === 'my') await useLanguage(page, 'my');
    });

    test('#/compatibility paints its heading, lead and the kept place of the answer from HTML', async ({
      page,
    }) => {
      const { held } = await withoutTheApp(page);
      await page.goto('./#/compatibility');
      await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
      await held;
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(compatibility.title);
      await expect(page.getByText(compatibility.lead)).toBeVisible();
      // The answer's place, saying what happens there until the app has detected the phone.
      await expect(page.locator('main').getByRole('status')).toHaveText(
        compatibility.form.detecting,
      );
      await expect(page.locator('html')).not.toHaveAttribute('data-started');
    });

    test('#/order/:id paints its shell from HTML: the heading, and the place the order will take', async ({
      page,
    }) => {
      const { held } = await withoutTheApp(page);
      await page.goto(`./#${anOrder}`);
      await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
      await held;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(delivery.order.heading);
      // This build runs without the shop's server: the shell says so, as the page does.
      await expect(page.getByRole('alert')).toHaveText(delivery.order.staticMode);
      await expect(page.locator('html')).not.toHaveAttribute('data-started');
    });

    test.describe('with the shop’s server', () => {
      test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

      test('#/order/:id?token=… paints the heading and a loading line in the order’s kept place', async ({
        page,
      }) => {
        const { held } = await withoutTheApp(page);
        await page.goto(`./#${anOrder}`);
        await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
        await held;
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(delivery.order.heading);
        // The loading line (the start overlay, also a status, fades out on its own after 0.65 s).
        const loading = page.getByRole('status').filter({ hasText: delivery.order.loading });
        await expect(loading).toHaveText(delivery.order.loading);
        // The kept place: most of a phone's screen, so the footer is not shown until the order is.
        const kept = await page.locator('.order-view__loading').boundingBox();
        const viewport = page.viewportSize();
        expect(kept?.height).toBeGreaterThanOrEqual((viewport?.height ?? 0) * 0.69);
      });
    });
  });
}

test.describe('the device check on an Android phone', () => {
  test.use({
    viewport: { width: 412, height: 823 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });

  test('a late answer fills the kept place and is not the largest paint: that came from HTML', async ({
    page,
    gemini,
  }) => {
    // The moment the app took the page over, and every largest-contentful-paint entry.
    await page.addInitScript(() => {
      const seen = { startedAt: Infinity, lcp: [] as { at: number; size: number }[] };
      Object.assign(window, { paintSeen: seen });
      // Before the document has its root element: watch the document, for <html data-started>.
      new MutationObserver(() => {
        if (document.documentElement?.hasAttribute('data-started') && seen.startedAt === Infinity) {
          seen.startedAt = performance.now();
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-started'] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          seen.lcp.push({
            at: entry.startTime,
            size: (entry as PerformanceEntry & { size: number }).size,
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    gemini.on('generateContent', async () => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return jsonAnswer({
        isCompatible: 'UNCERTAIN',
        reason:
          'Some Moto G Power models support eSIM and others do not: look in Settings > Network & internet > SIMs for an option to download a SIM, and ask the shop that sold the phone which model it is.',
      });
    });
    await page.goto('./#/compatibility');
    await expect(page.locator('.compat-result[data-tone="uncertain"]')).toBeVisible();
    const seen = await page.evaluate(
      () =>
        (window as unknown as { paintSeen: { startedAt: number; lcp: { at: number }[] } })
          .paintSeen,
    );
    expect(seen.startedAt).toBeLessThan(Infinity);
    expect(seen.lcp.length).toBeGreaterThan(0);
    // Every largest paint was reported before the app had even started: the copy's own text.
    for (const entry of seen.lcp) expect(entry.at).toBeLessThan(seen.startedAt);
  });
});
