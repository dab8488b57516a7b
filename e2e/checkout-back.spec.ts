import type { Page } from '@playwright/test';
import common from '../locales/en/common.json' with { type: 'json' };
import {
  expectOrderNumberOnOneLine as expectOneLine,
  fill,
  purchaseTexts as texts,
  receiptAt,
  shot,
  toPayment,
  uploadReceipt as upload,
} from './support/checkout';
import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { e2eGeminiEnv } from './support/servers';

/**
 * Issue #15 items 1, 5 and 6: a way back from the payment step (change the contact, cancel with
 * a confirmation), the steps as history entries, and a receipt uploaded after the code expired.
 */
const WEBHOOK = e2eGeminiEnv.VITE_ORDER_WEBHOOK_URL!;
test.beforeEach(async ({ page }) => {
  await page.route(WEBHOOK, (route) => route.fulfill({ status: 204 }));
});

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

test('the browser’s Back goes one step back, and never leaves the payment step unasked', async ({
  page,
}) => {
  const t = texts.en;
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
    .click();
  await expect(heading(page, t.operators.heading)).toBeVisible();
  await expect(page).toHaveURL(/#\/buy-esim\?step=operator$/);
  await page.getByRole('button', { name: 'MPT' }).click();
  await expect(page.getByLabel(t.contact.label)).toBeVisible();
  await expect(page).toHaveURL(/#\/buy-esim\?step=contact$/);

  await page.goBack();
  await expect(heading(page, t.operators.heading)).toBeVisible();
  await page.goBack();
  await expect(heading(page, t.plans.heading)).toBeVisible();
  await expect(page).toHaveURL(/#\/buy-esim$/);

  // The in-page Back goes through history too: the browser's Forward then comes back.
  await page
    .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
    .click();
  await page.getByRole('button', { name: 'ATOM' }).click();
  await page.getByRole('button', { name: t.back }).click();
  await expect(heading(page, t.operators.heading)).toBeVisible();
  await page.getByRole('button', { name: 'ATOM' }).click();
  await page.getByLabel(t.contact.label).fill('buyer@example.com');
  await page.getByRole('button', { name: t.contact.continue }).click();
  await expect(page).toHaveURL(/#\/buy-esim\?step=pay$/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  // Back on the payment step asks first; keeping the order keeps everything.
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: fill(t.cancel.heading, { order: number }) });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/#\/buy-esim\?step=pay$/);
  await shot(page, 'back-confirm-en-390');
  await dialog.getByRole('button', { name: t.cancel.keep }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-number')).toHaveText(number);

  // Asked again, and this time cancelled: back at the plans, and the menu starts afresh.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.cancel.confirm }).click();
  await expect(heading(page, t.plans.heading)).toBeFocused();
  await openRoute(page, '/');
  await page.getByRole('button', { name: common.nav.openMenu }).click();
  await page
    .getByRole('navigation', { name: common.nav.label })
    .getByRole('link', { name: common.nav.buy })
    .click();
  await expect(heading(page, t.plans.heading)).toBeVisible();
  await expect(page.getByText(number)).toHaveCount(0);
});

for (const language of ['en', 'my'] as const) {
  const t = texts[language];

  test(`${language}: a mistyped email is corrected on the payment step; the same order is paid`, async ({
    page,
    gemini,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    gemini.on(
      'generateContent',
      receiptAt(() => Date.now() - 60_000),
    );
    const number = await toPayment(page, t, 'buyer@example.org');
    const timer = await page.getByRole('timer').textContent();

    await page.getByRole('button', { name: t.change.contact }).click();
    const field = page.getByLabel(t.change.newContact);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('buyer@example.org');
    await shot(page, `change-contact-${language}-390`);
    await field.fill('traveller@example.com');
    await page.getByRole('button', { name: t.change.save }).click();
    await expect(
      page.getByText(fill(t.change.saved, { contact: 'traveller@example.com' })),
    ).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.locator('.purchase-summary__contact')).toHaveText('traveller@example.com');
    expect(timer).not.toBeNull();
    await shot(page, `change-contact-saved-${language}-390`);

    // A reload keeps the corrected contact with the order.
    await page.reload();
    await expect(page.getByText(fill(t.payment.kept, { order: number }))).toBeVisible();
    await expect(page.locator('.purchase-summary__contact')).toHaveText('traveller@example.com');
    await shot(page, `kept-order-${language}-390`);

    await upload(page, t);
    await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(
      page.getByText(fill(t.result.stepSent, { contact: 'traveller@example.com' })),
    ).toBeVisible();
    // The order number in the lead and in the steps never breaks at a hyphen.
    const inSentences = page.locator('.purchase-result .purchase-order-number');
    await expect(inSentences).toHaveCount(2);
    for (const span of await inSentences.all()) await expectOneLine(span, number);
    await shot(page, `success-full-${language}-390`, true);
    // The order the shop keeps (and the buyer's message to staff) carries the new contact.
    const message = page.getByRole('link', { name: t.result.viberHelp });
    expect(decodeURIComponent((await message.getAttribute('href')) ?? '')).toContain(number);
  });

  test(`${language}: cancelling asks first and warns a buyer who has paid`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    const number = await toPayment(page, t, 'buyer@example.com');
    await page.getByRole('button', { name: t.change.cancel }).click();
    const dialog = page.getByRole('dialog', { name: fill(t.cancel.heading, { order: number }) });
    await expect(dialog).toContainText(t.cancel.paid);
    await expect(dialog.getByRole('button', { name: t.cancel.keep })).toBeFocused();
    await expectOneLine(dialog.getByRole('heading').locator('.purchase-order-number'), number);
    await shot(page, `cancel-dialog-${language}-390`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: t.change.cancel })).toBeFocused();

    await page.getByRole('button', { name: t.change.cancel }).click();
    await dialog.getByRole('button', { name: t.cancel.confirm }).click();
    await expect(heading(page, t.plans.heading)).toBeFocused();
    // The choices are kept: the same plan, network and contact are one tap each away.
    await page
      .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
      .click();
    await page.getByRole('button', { name: 'MPT' }).click();
    await expect(page.getByLabel(t.contact.label)).toHaveValue('buyer@example.com');
    await page.getByRole('button', { name: t.contact.continue }).click();
    await expect(page.getByRole('heading', { name: t.payment.heading })).toBeFocused();
    await expect(page.getByRole('button', { name: t.change.cancel })).toBeVisible();
  });
}

test('a receipt uploaded after expiry is accepted when the payment was made in time', async ({
  page,
  gemini,
}) => {
  const t = texts.en;
  await page.clock.install();
  const number = await toPayment(page, t, 'buyer@example.com');
  const ordered = await page.evaluate(() => Date.now());
  // Paid two minutes after ordering; the screenshot is uploaded after the code expired.
  gemini.on(
    'generateContent',
    receiptAt(() => ordered + 2 * 60_000),
  );
  await page.clock.fastForward('10:01');
  await expect(page.getByRole('heading', { name: t.expired.heading })).toBeFocused();
  await expect(page.getByText(t.expired.lateText)).toBeVisible();
  await page.getByRole('button', { name: t.expired.uploadLate }).click();
  // The late upload: the code has expired, so no QR and no countdown, only the upload.
  await expect(page.getByRole('heading', { name: t.late.heading })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  // The reopened order is not timed out again, even after a reload.
  await page.reload();
  await page.clock.fastForward('05:00');
  await expect(page.getByRole('heading', { name: t.late.heading })).toBeVisible();
  await upload(page, t);
  await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(number);
});

// A receipt of a payment made after expiry is refused with its reason, and a new order offered:
// e2e/late-upload.spec.ts, in both languages and at both sizes.

// Issue #24: Forward after Back returns to the step left, with what it held.
test('the browser’s Forward after Back returns to the step left, with its choices', async ({
  page,
}) => {
  const t = texts.en;
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
    .click();
  await page.getByRole('button', { name: 'Ooredoo' }).click();
  await page.getByLabel(t.contact.label).fill('forward@example.com');
  await expect(page).toHaveURL(/#\/buy-esim\?step=contact$/);

  await page.goBack();
  await expect(heading(page, t.operators.heading)).toBeVisible();
  await page.goBack();
  await expect(heading(page, t.plans.heading)).toBeVisible();

  await page.goForward();
  await expect(heading(page, t.operators.heading)).toBeVisible();
  await expect(page).toHaveURL(/#\/buy-esim\?step=operator$/);
  await page.goForward();
  await expect(page).toHaveURL(/#\/buy-esim\?step=contact$/);
  await expect(page.getByLabel(t.contact.label)).toHaveValue('forward@example.com');
  // The operator chosen before is the one the order is for.
  await expect(page.locator('main')).toContainText('Ooredoo');
  await page.getByRole('button', { name: t.contact.continue }).click();
  await expect(heading(page, t.payment.heading)).toBeVisible();
  await expect(page.locator('main')).toContainText('Ooredoo');
  // Forward past the payment step's entry is not a way round it: Back asks, Forward stays.
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeVisible();
});
