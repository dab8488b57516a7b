import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { e2eBankApi, e2eServers } from './support/servers';
import { receiptPng, scriptReceipt, sendReceipt } from './support/server-shop';
import { shownBundle, shownMy } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);

/**
 * Issue #44 item 5: promise only what happens. The second API of the journeys runs without a
 * mail server (no SMTP_URL, e2e/support/servers.ts): its shop's contact step promises no email
 * and says the eSIM stays on its order page, and an email buyer's paid order keeps the link to
 * its page and promises no email either. The first API, with its mail catcher, still says an
 * email address gets the eSIM by email.
 */
const deliveryTexts = { en: deliveryEn, my: deliveryMy };
/** "By email" as a promise, in each language. */
const emailPromise = { en: /by email|emailing/i, my: new RegExp(shownMy('အီးမေးလ်ဖြင့်')) };

for (const language of ['en', 'my'] as const satisfies Language[]) {
  const t = purchaseTexts[language];
  const d = deliveryTexts[language];

  test.describe(`${language}: no mail server`, () => {
    test.use({ baseURL: e2eServers.confirmed.url, serviceWorkers: 'block' });

    test('the contact step and the paid order promise no email and keep the link instead', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLanguage(page, language);
      const height = 1560 + (language === 'my' ? 1 : 0);
      await scriptReceipt({ transactionId: `0555${Date.now()}${height}`, forHeight: height });
      await openRoute(page, '/buy-esim');
      await page
        .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
        .click();
      await page.getByRole('button', { name: 'MPT' }).click();
      // The contact step: the hint says where the eSIM stays, and nothing promises an email.
      await expect(page.getByText(t.contactNoEmail.hint)).toBeVisible();
      await expect(page.locator('main')).not.toContainText(emailPromise[language]);
      await shot(page, `no-mail-contact-${language}`);
      await page.getByLabel(t.contact.label).fill('tourist@example.com');
      const created = page.waitForResponse(
        (response) =>
          response.url() === `${e2eBankApi.url}/api/orders` &&
          response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: t.contact.continue }).click();
      const { order } = (await (await created).json()) as { order: { id: string } };
      await expect(page.getByRole('heading', { name: t.payment.heading })).toBeVisible();
      await sendReceipt(page, order.id, receiptPng(height), { texts: t, api: e2eBankApi.url });
      // Held for the bank (this API's policy): the order link is kept, and no email promised.
      const keep = page.getByRole('region', { name: d.keep.heading });
      await expect(keep).toBeVisible();
      await expect(keep.getByText(d.noEmail.keepText)).toBeVisible();
      await expect(page.locator('main')).not.toContainText(emailPromise[language]);
      await shot(page, `no-mail-held-${language}`, true);
    });
  });

  test.describe(`${language}: with a mail server`, () => {
    test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

    test('the contact step says an email address also gets the eSIM by email', async ({ page }) => {
      await useLanguage(page, language);
      await openRoute(page, '/buy-esim');
      await page
        .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
        .click();
      await page.getByRole('button', { name: 'MPT' }).click();
      await expect(page.getByText(t.contact.hint__server)).toBeVisible();
      await expect(page.getByText(t.contactNoEmail.hint)).toHaveCount(0);
    });
  });
}
