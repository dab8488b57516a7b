import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import deliveryEn from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import staffEn from '../locales/en/staff.json' with { type: 'json' };
import staffMyRaw from '../locales/my/staff.json' with { type: 'json' };
import { shot as reviewShot } from './support/checkout';
import { expect, test, useLanguage, type Language } from './support/fixtures';
import { expectNothingCovered, pageOverflow } from './support/phone-layout';
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
/** Screenshots go to SHOTS_DIR when it is set, else beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: process.env.SHOTS_DIR
      ? `${process.env.SHOTS_DIR}/${name}.png`
      : test.info().outputPath(`${name}.png`),
    fullPage: true,
  });

/**
 * The staff's card of one order's request, by its number alone: an order made in the same second
 * (the other language's, or another test's) is numbered `…-2`, which contains this one's number.
 */
const requestCard = (page: Page, number: string) =>
  page
    .getByTestId('staff-request')
    .filter({ hasText: new RegExp(`${number.replace(/[^\w]/g, '\\$&')}(?!-)`) });

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
  test.describe(`a refund or a new eSIM asked and granted (${language})`, () => {
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
      const card = requestCard(staff, order.number);
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

    test('the buyer asks for a new eSIM, staff send it, the order page shows the new eSIM', async ({
      page,
    }) => {
      const t = texts[language];
      await useLanguage(page, language);
      const { order, token } = await paidOrder(language);
      const before = await orderEsim(order.id, token);
      await page.goto(`./#/order/${order.id}?token=${encodeURIComponent(token)}&lang=${language}`);
      await expect(page.getByLabel(t.delivery.codes.matchingId, { exact: true })).toHaveValue(
        before.matchingId,
      );
      await page.getByTestId('request-open').click();
      await page.getByTestId('request-reason').selectOption('no_connection');
      await expect(page.getByTestId('request-policy')).toContainText(
        t.delivery.request.policy.replace,
      );
      await page.getByTestId('request-send').click();
      await expect(page.getByTestId('request-waiting')).toHaveText(t.delivery.request.waiting);

      const staff = await page.context().newPage();
      await useLanguage(staff, language);
      await signInAsStaff(staff, e2eBankApi.staffKeyFile);
      await staff.getByRole('tab', { name: t.staff.tabs.requests }).click();
      const card = requestCard(staff, order.number);
      await card.getByTestId('approve-replace').click();
      await expect(card).toContainText(t.staff.requests.states.replaced);

      // The new profile, not the old one: the order page shows its codes and says why.
      const after = await orderEsim(order.id, token);
      expect(after.iccid).not.toBe(before.iccid);
      await page.reload();
      await expect(page.getByTestId('request-answer')).toContainText(
        t.delivery.request.answers.replaced,
      );
      await expect(page.getByLabel(t.delivery.codes.matchingId, { exact: true })).toHaveValue(
        after.matchingId,
      );
      await shot(page, `request-replaced-${language}-390`);
    });
  });
}

/** The order's eSIM as the order's own link reads it. */
async function orderEsim(id: string, token: string) {
  const answer = await fetch(`${e2eBankApi.url}/api/orders/${id}`, {
    headers: { 'X-Order-Token': token },
  });
  expect(answer.status).toBe(200);
  const { order } = (await answer.json()) as {
    order: { delivery: { esim: { iccid: string; matchingId: string } | null } };
  };
  expect(order.delivery.esim).not.toBeNull();
  return order.delivery.esim!;
}

/** An open request (a new eSIM: it does not connect) on a paid order, asked as the order page does. */
async function openRequest(language: Language) {
  const { order, token } = await paidOrder(language);
  const asked = await fetch(`${e2eBankApi.url}/api/orders/${order.id}/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Order-Token': token },
    body: JSON.stringify({
      kind: 'replace',
      reason: 'no_connection',
      note: 'No signal in Yangon since this morning, the phone shows the line but no data.',
    }),
  });
  expect(asked.status).toBe(201);
  return order;
}

/** What staff read (a setup warning, a request's facts): no floating button may lie over it either. */
const requestTexts =
  '.staff-board p, .staff-board h2, .staff-board h3, .staff-board dt, .staff-board dd';

/**
 * What is wrong with the tab row: a tab on another row than the first, a tab list that passes the
 * screen's edge, or a selected tab not whole in sight (on a phone the row scrolls inside its list).
 */
const tabRowProblems = (page: Page) =>
  page.getByRole('tablist').evaluate((list) => {
    const width = document.documentElement.clientWidth;
    const outer = list.getBoundingClientRect();
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const top = tabs[0]!.getBoundingClientRect().top;
    const problems: string[] = [];
    if (outer.left < 0 || outer.right > width + 0.5)
      problems.push('the tab list passes the screen');
    for (const tab of tabs) {
      const box = tab.getBoundingClientRect();
      const name = tab.innerText.trim();
      if (Math.abs(box.top - top) > 1) problems.push(`${name} on another row`);
      if (tab.scrollWidth > tab.clientWidth + 1) problems.push(`${name} runs out of its tab`);
      if (
        tab.getAttribute('aria-selected') === 'true' &&
        (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)
      )
        problems.push(`${name} (selected) out of sight`);
    }
    return problems;
  });

/** What runs past the screen, but for the tabs the row scrolls to inside its own list. */
const overflowBesideTabs = async (page: Page) =>
  (await pageOverflow(page)).filter((found) => !found.startsWith('button.tabs__tab '));

// On a phone the floating buttons give way (decision 067); a desktop keeps them in its corners.
const layouts = [
  { name: '1280', viewport: { width: 1280, height: 800 }, phone: false },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
  { name: '360', viewport: { width: 360, height: 740 }, phone: true },
] as const;

for (const language of ['en', 'my'] as const) {
  test.describe(`the staff's requests tab on a phone (${language})`, () => {
    test.use({ baseURL: e2eServers.confirmed.url, serviceWorkers: 'block' });

    test('its tabs keep one row, nothing runs past the screen and no floating button covers a control or a fact at 360 and 390', async ({
      page,
    }) => {
      const t = texts[language];
      const order = await openRequest(language);
      await page.setViewportSize(layouts[1].viewport);
      await useLanguage(page, language);
      await signInAsStaff(page, e2eBankApi.staffKeyFile);
      await page.getByRole('tab', { name: t.staff.tabs.requests }).click();
      const card = requestCard(page, order.number);
      await expect(card).toContainText(t.staff.requests.reasons.no_connection);
      for (const { name, viewport, phone } of layouts) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        // As staff would on a screen this size: the tab they press comes into sight.
        await page.getByRole('tab', { name: t.staff.tabs.requests }).click();
        await expect.poll(() => tabRowProblems(page), { message: `${name}: the tabs` }).toEqual([]);
        await expect
          .poll(() => overflowBesideTabs(page), { message: `${name}: overflow` })
          .toEqual([]);
        await page.getByRole('tablist').scrollIntoViewIfNeeded();
        await reviewShot(page, `staff-requests-tab-${language}-${name}`);
        await card.scrollIntoViewIfNeeded();
        await reviewShot(page, `staff-requests-card-${language}-${name}`);
        if (phone) await expectNothingCovered(page, `${language} at ${name}`, requestTexts);
      }
    });
  });
}
