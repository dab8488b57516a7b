import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import purchaseEn from '../locales/en/purchase.json' with { type: 'json' };
import purchaseMyRaw from '../locales/my/purchase.json' with { type: 'json' };
import staffEn from '../locales/en/staff.json' with { type: 'json' };
import staffMyRaw from '../locales/my/staff.json' with { type: 'json' };
import { expect, test, useLanguage, type Language } from './support/fixtures';
import { fill } from './support/checkout';
import { e2eApi, e2eBankApi, e2eServers } from './support/servers';
import {
  forbidDirectAi,
  orderOnServer,
  receiptPng,
  scriptReceipt,
  sendReceipt,
  signInAsStaff,
} from './support/server-shop';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);
const purchaseMy = shownBundle(purchaseMyRaw);
const staffMy = shownBundle(staffMyRaw);

/**
 * Payment trust end to end (issue #23), the README's layout (shop and API on other origins):
 * (a) a signed bank notification arrives while the payment step is open: the eSIM appears with
 *     no upload (the first API, instant delivery);
 * (b) under DELIVERY_POLICY=confirmed (the second API and its shop build, decision 071) a
 *     screenshot-paid order is held and says so; staff import the statement on /#/staff; the
 *     buyer's page then shows the eSIM by itself.
 */
type ShopOrder = { id: string; number: string; price: number };

const texts = {
  en: { purchase: purchaseEn, delivery: deliveryEn, staff: staffEn },
  my: { purchase: purchaseMy, delivery: deliveryMy, staff: staffMy },
} as const;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/work/shots/a2/${name}.png`, fullPage: true });

/** Plan, operator, contact, Continue: the order the server made. */
const toPayment = async (page: Page, language: Language, api: string, contact: string) =>
  (await orderOnServer<ShopOrder>(page, contact, { texts: texts[language].purchase, api })).order;

/** What the acquirer sends: the body, signed with the shared secret over its raw bytes. */
async function notify(api: string, order: ShopOrder, transactionId: string) {
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
  return fetch(`${api}/api/payments/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': `t=${t},v1=${v1}` },
    body,
  });
}

test.describe('a bank notification on the open payment step', () => {
  test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

  test('shows the eSIM with no upload', async ({ page }) => {
    await forbidDirectAi(page);
    const t = texts.en;
    const order = await toPayment(page, 'en', e2eApi.url, `notified-${Date.now()}@example.com`);
    await expect(page.getByLabel(t.purchase.receipt.choose)).toBeAttached();
    const sent = Date.now();
    const response = await notify(e2eApi.url, order, `KBZ${Date.now()}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderId: order.id, status: 'paid' });
    await expect(
      page.getByRole('img', { name: fill(t.delivery.qrLabel, { order: order.number }) }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: t.purchase.result.successHeading }),
    ).toBeVisible();
    test.info().annotations.push({
      type: 'notification to eSIM on screen',
      description: `${Date.now() - sent} ms`,
    });
  });
});

test.describe('DELIVERY_POLICY=confirmed', () => {
  test.use({ baseURL: e2eServers.confirmed.url, serviceWorkers: 'block' });

  for (const [index, language] of (['en', 'my'] as const).entries()) {
    test(`holds a screenshot-paid order, then a statement import delivers it (${language})`, async ({
      page,
      browser,
    }) => {
      const t = texts[language];
      const height = 900 + index;
      const transactionId = `0900${Date.now()}${index}`;
      await scriptReceipt({ transactionId, forHeight: height });
      await forbidDirectAi(page);
      await useLanguage(page, language);
      await page.setViewportSize({ width: 390, height: 844 });
      const contact = `held-${language}-${Date.now()}@example.com`;
      const order = await toPayment(page, language, e2eBankApi.url, contact);
      const answer = await sendReceipt<{
        order: { delivery: { state: string; reason: string | null; esim: unknown } };
      }>(page, order.id, receiptPng(height), { texts: t.purchase, api: e2eBankApi.url });
      expect(answer.order.delivery).toMatchObject({
        state: 'held',
        reason: 'awaiting_bank_confirmation',
        esim: null,
      });

      // The result screen says it honestly, and shows no eSIM.
      const heldHeading = page.getByRole('heading', { name: t.delivery.held.heading });
      await expect(heldHeading).toBeVisible();
      const qr = page.getByRole('img', { name: fill(t.delivery.qrLabel, { order: order.number }) });
      await expect(qr).toHaveCount(0);
      await shot(page, `held-result-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, `held-result-${language}-1280`);

      // This API sends no email (no SMTP_URL, issue #44): the result offers the order link to
      // keep. The order page, opened from that link in another tab, says the same.
      const link = await page
        .getByRole('region', { name: t.delivery.keep.heading })
        .getByLabel(t.delivery.keep.linkLabel)
        .inputValue();
      expect(link).toContain(`#/order/${order.id}?token=`);
      const orderPage = await page.context().newPage();
      await useLanguage(orderPage, language);
      await orderPage.setViewportSize({ width: 390, height: 844 });
      await orderPage.goto(link);
      await expect(orderPage.getByRole('heading', { name: t.delivery.held.heading })).toBeVisible();
      await shot(orderPage, `held-order-${language}-390`);
      await orderPage.setViewportSize({ width: 1280, height: 800 });
      await shot(orderPage, `held-order-${language}-1280`);

      // Staff import the merchant account's statement on /#/staff (another browser).
      const staffContext = await browser.newContext({ serviceWorkers: 'block' });
      try {
        const staff = await staffContext.newPage();
        await useLanguage(staff, language);
        await staff.setViewportSize({ width: 1280, height: 800 });
        await signInAsStaff(staff, e2eBankApi.staffKeyFile);
        await staff.getByRole('tab', { name: t.staff.tabs.bank }).click();
        // The number alone: an order made in the same second (the other language's) is `…-2`.
        const number = new RegExp(`${order.number.replace(/[^\w]/g, '\\$&')}(?!-)`);
        const row = staff.getByRole('row').filter({ hasText: number });
        await expect(row.getByText(t.staff.states.held)).toBeVisible();
        await shot(staff, `staff-bank-before-${language}-1280`);
        const csv = `transaction_id,amount,paid_at,payer,reference\n${transactionId},"80,000 Ks",${new Date().toISOString()},Ko Aung,${order.number}\n`;
        await staff.getByLabel(t.staff.statement.file).setInputFiles({
          name: 'statement.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv),
        });
        await staff.getByRole('button', { name: t.staff.statement.submit }).click();
        await expect(
          staff.getByRole('tabpanel').locator('.staff-import + [role="status"] .alert--success'),
        ).toBeVisible();
        await expect(row.getByText(t.staff.reconciliation.bankStates.confirmed)).toBeVisible();
        await shot(staff, `staff-bank-${language}-1280`);
        await staff.setViewportSize({ width: 390, height: 844 });
        await shot(staff, `staff-bank-${language}-390`);
      } finally {
        await staffContext.close();
      }

      // Both buyer pages deliver themselves: the eSIM appears.
      await expect(qr).toBeVisible();
      await expect(
        orderPage.getByRole('img', { name: fill(t.delivery.qrLabel, { order: order.number }) }),
      ).toBeVisible();
    });
  }
});
