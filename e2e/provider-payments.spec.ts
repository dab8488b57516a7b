import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import { expectAboveFold, fill, purchaseTexts, shot, type PurchaseTexts } from './support/checkout';
import { expect, openRoute, test, useLanguage, type Language } from './support/fixtures';
import { e2eProviderApi, e2eServers } from './support/servers';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);

/**
 * A tourist pays (issue #40): the shop built against the third API, which takes cards on
 * 2C2P's hosted page and KBZPay's QR, both faked by e2e/support/fake-2c2p.mjs and
 * fake-kbzpay.mjs (the shop and the API on two origins, the fakes on a third and fourth). The
 * order is paid only by the provider's signed notification and inquiry; the order page learns
 * of it by its stream and shows the eSIM.
 */
test.use({
  baseURL: e2eServers.providers.url,
  serviceWorkers: 'block',
  viewport: { width: 390, height: 844 },
});

const deliveryTexts = { en: deliveryEn, my: deliveryMy };

/** Power User on MPT up to the payment step, where the server offers its ways to pay. */
async function toChoice(page: Page, t: PurchaseTexts, contact: string) {
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
    .click();
  await page.getByRole('button', { name: 'MPT' }).click();
  await page.getByLabel(t.contact.label).fill(contact);
  const created = page.waitForResponse(
    (response) =>
      response.url() === `${e2eProviderApi.url}/api/orders` &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: t.contact.continue }).click();
  const order = (await (await created).json()) as { order: { id: string }; token: string };
  await expect(page.getByRole('heading', { name: t.choice.stepHeading })).toBeVisible();
  await expect(page.getByTestId('pay-by-card')).toContainText(t.choice.card);
  await expect(page.getByTestId('pay-by-wallet')).toContainText(t.choice.wallet);
  return order;
}

for (const language of ['en', 'my'] as const satisfies Language[]) {
  const t = purchaseTexts[language];
  const d = deliveryTexts[language];

  test(`a card on the test hosted page pays, and the order page shows the eSIM (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await toChoice(page, t, `card-${language}@example.com`);
    await shot(page, `provider-choice-${language}-390`);
    await page.getByTestId('pay-by-card').click();
    // 2C2P's hosted page (the fake's, labelled as a test).
    await page.waitForURL(`${e2eProviderApi.twoC2P.url}/pay/**`);
    await expect(page.getByRole('note')).toContainText('TEST PAGE');
    await expect(page.getByTestId('fake-2c2p-amount')).toHaveText('19.00 USD');
    await page.getByRole('button', { name: 'Pay with the test card' }).click();
    // Back on the shop's order page, in the buyer's language: the eSIM in the first screen.
    await page.waitForURL(/#\/order\//);
    await expect(page.getByRole('heading', { name: d.heading, exact: true })).toBeVisible();
    await expectAboveFold(page.getByTestId('esim-qr'), 844);
    await shot(page, `provider-card-paid-${language}-390`);
  });

  test(`a declined card comes back to the choice, the order still open (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await toChoice(page, t, `declined-${language}@example.com`);
    await page.getByTestId('pay-by-card').click();
    await page.waitForURL(`${e2eProviderApi.twoC2P.url}/pay/**`);
    await page.getByRole('button', { name: 'Decline the card (test)' }).click();
    await page.waitForURL(/#\/order\/.*payment=declined/);
    await expect(page.getByTestId('payment-declined')).toHaveText(d.order.paymentDeclined);
    await expect(page.getByTestId('pay-by-card')).toBeVisible();
    await expect(page.getByTestId('pay-by-wallet')).toBeVisible();
    await shot(page, `provider-declined-${language}-390`);
  });

  test(`KBZPay's QR paid by the fake wallet shows the eSIM, with no upload (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await toChoice(page, t, `wallet-${language}@example.com`);
    const started = page.waitForResponse((response) => response.url().endsWith('/payments'));
    await page.getByTestId('pay-by-wallet').click();
    const { invoiceNo } = (await (await started).json()) as { invoiceNo: string };
    await expect(page.getByTestId('kbzpay-qr')).toBeVisible();
    await expect(page.getByRole('img', { name: /KBZPay/ })).toBeVisible();
    await expect(page.getByLabel(t.receipt.choose)).toHaveCount(0);
    await shot(page, `provider-kbzpay-qr-${language}-390`);
    // The buyer's wallet pays the code (the fake's test wallet): KBZPay notifies the API.
    const paid = await fetch(`${e2eProviderApi.kbzPay.url}/fake/pay`, {
      method: 'POST',
      body: JSON.stringify({ merch_order_id: invoiceNo }),
    });
    expect(paid.status).toBe(200);
    await page.waitForURL(/#\/order\//);
    await expect(page.getByRole('heading', { name: d.heading, exact: true })).toBeVisible();
    await expectAboveFold(page.getByTestId('esim-qr'), 844);
  });
}
