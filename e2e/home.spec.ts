import type { Page } from '@playwright/test';
import { expect, motion, openRoute, test, useLanguage } from './support/fixtures';
import { shownMy } from './support/burmese';

const title = 'Stay connected anywhere in Myanmar';
const subtitle =
  'A data-only eSIM on MPT, ATOM, Ooredoo or Mytel. Pay by MMQR with KBZPay or WavePay: no shop visit. No card needed.';

/** Requests for the three.js globe chunk (its file name starts with globe-scene). */
function globeRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/globe-scene-[\w-]+\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test.describe('home page', () => {
  // The hero types, the globe turns: this page is seen with animations on.
  test.use(motion);

  test('types the title and subtitle, lists the partners and leads to the shop', async ({
    page,
  }) => {
    await openRoute(page, '/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAccessibleName(title);
    const typedTitle = heading.locator('.typed__letters');
    await expect(typedTitle).toHaveAttribute('data-state', 'typing');
    await expect(typedTitle).toHaveText(title, { timeout: 30_000 });
    await expect(page.locator('.hero__subtitle .typed__letters')).toHaveText(subtitle, {
      timeout: 30_000,
    });

    await expect(page.locator('.hero__operators li')).toHaveText([
      'MPT',
      'ATOM',
      'Ooredoo',
      'Mytel',
    ]);
    const cards = page.getByRole('region', { name: 'Why choose us' }).getByRole('listitem');
    await expect(cards).toHaveCount(6);

    await page.getByRole('link', { name: 'Buy eSIM' }).last().click();
    await expect(page).toHaveURL(/#\/buy-esim$/);
  });

  test('shows title and subtitle at once, and a still globe, under reduced motion', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requested = globeRequests(page);
    await openRoute(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.hero__subtitle')).toHaveText(subtitle);
    await expect(page.locator('.typed')).toHaveCount(0);

    const globe = page.getByRole('img', { name: /globe with a marker on Yangon/ });
    await expect(globe.locator('svg.globe__still')).toBeVisible();
    await page.waitForTimeout(2_500);
    await expect(globe.locator('canvas')).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test('without a graphics chip (this browser draws WebGL in software) the still globe stays and three.js is never downloaded', async ({
    page,
  }) => {
    const requested = globeRequests(page);
    await openRoute(page, '/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(3_000);
    expect(requested).toEqual([]);
    const globe = page.getByRole('img', { name: /globe with a marker on Yangon/ });
    await expect(globe).not.toHaveAttribute('data-live', /.*/);
    await expect(globe.locator('svg.globe__still')).toBeVisible();
    await expect(globe).toContainText('Yangon');
  });

  test('the 3D globe loads after the page, then turns slowly', async ({ page }) => {
    // Ask for the 3D globe even on this software renderer (the switch exists for exactly this).
    await page.addInitScript(() => localStorage.setItem('esim-shop.globe', '3d'));
    const requested = globeRequests(page);
    await openRoute(page, '/');
    const globe = page.getByRole('img', { name: /globe with a marker on Yangon/ });
    await expect(globe).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
    expect(requested).toHaveLength(1);

    // three.js was requested only after the page had loaded: never on the critical path.
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming;
      const chunk = performance
        .getEntriesByType('resource')
        .find((entry) => /globe-scene-/.test(entry.name));
      return { loadEnd: navigation.loadEventEnd, chunkStart: chunk?.startTime ?? -1 };
    });
    expect(timing.chunkStart).toBeGreaterThan(timing.loadEnd);

    const canvas = globe.locator('canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-hidden', 'true');
    const before = await canvas.screenshot();
    // It turns: a later picture differs (as soon as the next frame is drawn, however slow).
    await expect.poll(async () => (await canvas.screenshot()).equals(before)).toBe(false);

    // Leaving the page releases the globe.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Partners' })
      .click();
    await expect(page.locator('canvas.globe__canvas')).toHaveCount(0);
  });

  // axe reads the home page in both languages and viewports in shell.spec.ts.
  test('the Burmese heading is read as one phrase', async ({ page }) => {
    await useLanguage(page, 'my');
    await openRoute(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      shownMy('မြန်မာပြည် ဘယ်နေရာမှာမဆို အင်တာနက် ချိတ်ဆက်ထားပါ'),
    );
  });
});
