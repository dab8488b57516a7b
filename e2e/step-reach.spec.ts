import type { Locator, Page } from '@playwright/test';
import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { e2eServers } from './support/servers';

/**
 * Issue #44 item 7: each step's choice within reach on a phone. On a 360×740 and a 390×844
 * phone, in both languages, the buyer who taps a plan (scrolled down to it) arrives at the
 * network step with the first network's card starting on the first screen, below the sticky
 * header; then the contact field, wholly; then the payment QR, wholly. On the first step the stepper shows every
 * step's name, Burmese included, each on screen and inside its column.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

/**
 * The element starts on the screen as the step arrives, below the sticky header: wholly on it,
 * or (a tall card) with at least its first 96 px, a thumb's tap, on it.
 */
async function expectOnFirstScreen(page: Page, target: Locator, what: string, whole = true) {
  await expect(target).toBeVisible();
  const header = (await page.locator('.site-header').boundingBox())!;
  const box = (await target.boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.y, `${what}: below the header`).toBeGreaterThanOrEqual(header.y + header.height);
  const shown = whole ? box.y + box.height : box.y + Math.min(96, box.height);
  expect(shown, `${what}: on the first screen`).toBeLessThanOrEqual(screen.height);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  for (const language of ['en', 'my'] as const satisfies Language[]) {
    const t = purchaseTexts[language];

    test(`${language}, ${viewport.width}×${viewport.height}: after the first step, each step's choice is on the first screen; the stepper names every step`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, language);
      await openRoute(page, '/buy-esim');

      // The first step's stepper: five names, each shown within its column and the screen.
      const names = page.locator('.purchase-stepper__name');
      await expect(names).toHaveCount(5);
      for (const [index, name] of (await names.all()).entries()) {
        const box = (await name.boundingBox())!;
        const column = (await page.locator('.purchase-stepper__item').nth(index).boundingBox())!;
        expect(box.width, `step name ${index + 1} shown`).toBeGreaterThan(20);
        expect(box.x, `step name ${index + 1} in its column`).toBeGreaterThanOrEqual(column.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 1);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await shot(page, `reach-${language}-${viewport.width}-1-plans`);

      const buy = page.getByRole('button', {
        name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }),
      });
      await buy.scrollIntoViewIfNeeded();
      await buy.click();
      await expect(page.getByRole('heading', { name: t.operators.heading })).toBeFocused();
      await expectOnFirstScreen(
        page,
        page.getByRole('button', { name: 'MPT' }),
        'the first network',
        false,
      );
      await expect(page.locator('.purchase-stepper__position')).toBeVisible();
      await shot(page, `reach-${language}-${viewport.width}-2-network`);

      await page.getByRole('button', { name: 'MPT' }).click();
      await expect(page.getByLabel(t.contact.label)).toBeFocused();
      await expectOnFirstScreen(page, page.getByLabel(t.contact.label), 'the contact field');
      await shot(page, `reach-${language}-${viewport.width}-3-contact`);

      await page.getByLabel(t.contact.label).fill('walker@example.com');
      await page.getByRole('button', { name: t.contact.continue }).click();
      await expect(page.getByRole('heading', { name: t.payment.heading })).toBeFocused();
      await expectOnFirstScreen(page, page.getByTestId('payment-qr').first(), 'the QR');
      await shot(page, `reach-${language}-${viewport.width}-4-payment`);
    });
  }
}
