import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import staffEn from '../locales/en/staff.json' with { type: 'json' };
import staffMyRaw from '../locales/my/staff.json' with { type: 'json' };
import { expect, test, useLanguage, type Language } from './support/fixtures';
import { e2eBankApi, e2eServers } from './support/servers';
import { signInAsStaff } from './support/server-shop';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);
const staffMy = shownBundle(staffMyRaw);

/**
 * A refund asked and granted end to end (issue #41), in English and in Burmese at 390×844: an
 * MMQR order paid by the bank's signed notification; the buyer asks for a refund on the order
 * page (which says what the refund policy answers before sending); staff approve it in their
 * tab with the bank's reference; the buyer's order page then shows the refund and its reference.
 */
const texts = {
  en: { delivery: deliveryEn, staff: staffEn },
  my: { delivery: deliveryMy, staff: staffMy },
} as const;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/work/shots/r41/${name}.png`, fullPage: true });

/** An order on the bank API, paid by its signed notification: its id and token. */
async function paidOrder(language: Language) {
  const api = e2eBankApi.url;
  const created = await fetch(`${api}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      planId: 'power-30',
      operatorId: 'mpt',
      contact: `refund-${language}-${Date.now()}@example.com`,
      language,
    }),
  });
  expect(created.status).toBe(201);
  const { order, token } = (await created.json()) as {
    order: { id: string; number: string; price: number };
    token: string;
  };
  const transactionId = `KBZ${Date.now()}${language === 'my' ? 1 : 2}`;
  const body = JSON.stringify({
    eventId: `evt_${transactionId}`,
    transactionId,
    orderNumber: order.number.replace(/^#/, ''),
    amount: order.price,
    currency: 'MMK',
    paidAt: new Date().toISOString(),
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', e2eBankApi.notifySecret).update(`${t}.${body}`).digest('hex');
  const paid = await fetch(`${api}/api/payments/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': `t=${t},v1=${v1}` },
    body,
  });
  expect(paid.status).toBe(200);
  return { order, token };
}

for (const language of ['en', 'my'] as const) {
  test.describe(`a refund asked and granted (${language})`, () => {
    test.use({
      baseURL: e2eServers.confirmed.url,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });

    test('the buyer asks, staff approve, the order page shows the refund', async ({ page }) => {
      const t = texts[language];
      await useLanguage(page, language);
      const { order, token } = await paidOrder(language);
      await page.goto(`./#/order/${order.id}?token=${encodeURIComponent(token)}&lang=${language}`);
      await page.getByTestId('request-open').click();
      await page.getByTestId('request-reason').selectOption('plans_changed');
      // Before sending: the policy's answer for this reason and this eSIM.
      await expect(page.getByTestId('request-policy')).toContainText(
        t.delivery.request.policy.refund,
      );
      await page.getByLabel(t.delivery.request.emailLabel).fill('answer@example.com');
      await shot(page, `request-form-${language}-390`);
      await page.getByTestId('request-send').click();
      await expect(page.getByTestId('request-waiting')).toHaveText(t.delivery.request.waiting);

      const staff = await page.context().newPage();
      await useLanguage(staff, language);
      await signInAsStaff(staff, e2eBankApi.staffKeyFile);
      await staff.getByRole('tab', { name: t.staff.tabs.requests }).click();
      // The number alone: an order made in the same second (the other language's) is `…-2`.
      const number = new RegExp(`${order.number.replace(/[^\w]/g, '\\$&')}(?!-)`);
      const card = staff.getByTestId('staff-request').filter({ hasText: number });
      await expect(card).toContainText(t.staff.requests.methods.manual);
      await shot(staff, `staff-requests-${language}-390`);
      await card.getByTestId('refund-reference-input').fill(`BANK-${language}-4411`);
      await card.getByTestId('approve-refund').click();
      await expect(card).toContainText(t.staff.requests.states.refunded);

      await page.reload();
      await expect(page.getByTestId('request-answer')).toContainText(
        t.delivery.request.answers.refunded,
      );
      await expect(page.getByTestId('refund-reference')).toHaveText(`BANK-${language}-4411`);
      await shot(page, `request-refunded-${language}-390`);
    });
  });
}
