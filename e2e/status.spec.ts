import type { Page } from '@playwright/test';
import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { shownMy } from './support/burmese';

/**
 * The instant of the last completed check, from the <time datetime> of "Last updated", read once
 * React has rendered what the clock's timers just did (it renders from a MessageChannel task,
 * which the fake clock does not drive, so two round trips through one let it finish first).
 */
async function lastChecked(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round += 1)
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
  });
  return Date.parse((await page.locator('.status-updated time').getAttribute('datetime')) ?? '');
}

async function setVisibility(page: Page, state: 'visible' | 'hidden') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => value === 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test.describe('system status', () => {
  test.use({ timezoneId: 'Asia/Yangon' });

  test('loads, shows every service and polls every 5 seconds, pausing while the tab is hidden', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2025-05-01T09:00:00+06:30') });
    await openRoute(page, '/status');
    const banner = page.getByRole('heading', { name: 'All Systems Operational' });
    await expect(banner).toBeVisible();
    const services = page.locator('.status-service');
    await expect(services).toHaveCount(4);
    for (const service of await services.all()) {
      await expect(service).toContainText('Operational');
      await expect(service).toContainText('120 ms');
      await expect(service).toContainText('99.9%');
    }
    await expect(page.getByText('This page checks again every 5 seconds.')).toBeVisible();

    // From here on, time moves only when the test says so: 12 s in steps of 100 ms, noting
    // every moment the "Last updated" time changes. (A fixed instant, well after the page has
    // loaded however slow the machine: pausing at "now + a little" can land in the past.)
    await page.clock.pauseAt(new Date('2025-05-01T09:01:00+06:30'));
    const completions: number[] = [];
    let seen = await lastChecked(page);
    for (let step = 0; step < 120; step += 1) {
      await page.clock.runFor(100);
      const value = await lastChecked(page);
      if (value !== seen) completions.push(value);
      seen = value;
    }
    expect(completions.length).toBeGreaterThanOrEqual(2);
    expect(completions.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < completions.length; i += 1) {
      expect(completions[i]! - completions[i - 1]!).toBe(5_000);
    }
    await expect(page.locator('.status-updated time')).toHaveText(/1 May 2025, 09:01:\d\d/);

    await setVisibility(page, 'hidden');
    await expect(
      page.getByText(/Updates are paused while this tab is in the background/),
    ).toBeVisible();
    // A check already on its way may still land; after that, nothing until the tab is back.
    await page.clock.runFor(600);
    const whileHidden = await lastChecked(page);
    await page.clock.runFor(30_000);
    expect(await lastChecked(page)).toBe(whileHidden);

    await setVisibility(page, 'visible');
    const shownAt = await page.evaluate(() => Date.now());
    await page.clock.runFor(600);
    await expect.poll(() => lastChecked(page)).toBe(shownAt + 500);
    await expect(page.getByText('This page checks again every 5 seconds.')).toBeVisible();
  });

  test('speaks Burmese', async ({ page }) => {
    await useLanguage(page, 'my');
    await openRoute(page, '/status');
    await expect(
      page.getByRole('heading', { name: shownMy('စနစ်အားလုံး ပုံမှန်အလုပ်လုပ်နေပါသည်') }),
    ).toBeVisible();
    await expect(page.locator('.status-service').first()).toContainText(shownMy('၁၂၀ မီလီစက္ကန့်'));
  });

  // axe reads this page, its checks shown, in both languages and viewports in shell.spec.ts.
});
