import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import delivery from '../locales/en/delivery.json' with { type: 'json' };
import en from '../locales/en/purchase.json' with { type: 'json' };
import { fill } from './support/checkout';
import { expect, test } from './support/fixtures';
import { e2eApi, e2eServers } from './support/servers';
import {
  decodeQr,
  forbidDirectAi,
  orderOnServer as makeOrder,
  readOrder,
  receiptPng,
  scriptReceipt,
  sendReceipt,
} from './support/server-shop';

/**
 * Server mode end to end (issue #13): the shop built with VITE_API_URL, the real API
 * (server/src/main.ts on a fresh embedded database) and, behind it, a fake Gemini that reads
 * every receipt as paid (e2e/support/fake-gemini.mjs). The server makes the order and decides
 * the receipt; the browser never talks to Gemini and holds no key.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type ShopOrder = { id: string; number: string; mmqrPayload: string; status: string };

/** The order the server made, on its payment step (the heading has the focus). */
async function orderOnServer(page: Page, contact: string) {
  const answer = await makeOrder<ShopOrder>(page, contact);
  await expect(page.getByRole('heading', { name: en.payment.heading })).toBeFocused();
  return answer;
}

const submitReceipt = (page: Page, order: ShopOrder) =>
  sendReceipt<{ order: ShopOrder; verification: { status: string } }>(page, order.id, receiptPng());

test('buys the Power User plan end to end in server mode; the same payment cannot buy a second order', async ({
  page,
  browser,
}) => {
  // A transaction id of this run only: every reading of the fake Gemini reports it.
  const transactionId = `0100${Date.now()}`;
  await scriptReceipt({ transactionId });
  const direct: string[] = [];
  await forbidDirectAi(page, direct);

  // The order: number, expiry and MMQR payload come from the server.
  const { order, token } = await orderOnServer(page, '09123456789');
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  await expect(page.getByTestId('amount-due')).toHaveText('80,000 MMK');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: en.payment.download }).click(),
  ]);
  const code = decodeQr(readFileSync(await download.path()));
  expect(code, 'the QR carries the payload the server made').toBe(order.mmqrPayload);

  // The receipt: decided by the server, which asked its (fake) Gemini with its own key.
  const decided = await submitReceipt(page, order);
  expect(decided.verification).toMatchObject({ status: 'confirmed', transactionId });
  await expect(page.getByRole('heading', { name: en.result.successHeading })).toBeFocused();
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  // The server delivers: the eSIM is on screen, and nothing is left for the buyer to send.
  await expect(page.getByRole('heading', { name: delivery.heading, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: en.result.sendViber })).toHaveCount(0);

  // A reload keeps the result; the server has the order as paid.
  await page.reload();
  await expect(page.getByRole('heading', { name: en.result.successHeading })).toBeVisible();
  expect(await readOrder<ShopOrder>(order.id, token)).toMatchObject({
    status: 'paid',
    transactionId,
  });
  const { calls } = (await (await fetch(`${e2eApi.gemini.url}/__calls`)).json()) as {
    calls: { key: string | null }[];
  };
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.every((call) => call.key === e2eApi.serverKey)).toBe(true);

  // A second buyer, on another device, sends a receipt of the same payment: refused.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  const second = await other.newPage();
  await forbidDirectAi(second, direct);
  try {
    const { order: secondOrder } = await orderOnServer(second, 'friend@example.com');
    expect(secondOrder.number).not.toBe(order.number);
    const refused = await submitReceipt(second, secondOrder);
    expect(refused.verification).toEqual({
      status: 'failed',
      reason: { code: 'reused', transactionId },
    });
    await expect(second.getByRole('heading', { name: en.result.failureHeading })).toBeVisible();
    await expect(second.getByTestId('failure-reason')).toHaveText(
      fill(en.failure.reusedServer, { transaction: transactionId }),
    );
  } finally {
    await other.close();
  }
  expect(direct, 'the browser called Gemini itself').toEqual([]);
});

test('corrects the contact and cancels the order on the server (issue #15 item 1)', async ({
  page,
}) => {
  const direct: string[] = [];
  await forbidDirectAi(page, direct);
  const { order, token } = await orderOnServer(page, 'buyer@example.org');
  const onServer = () => readOrder<ShopOrder & { contact: string }>(order.id, token);

  await page.getByRole('button', { name: en.change.contact }).click();
  await page.getByLabel(en.change.newContact).fill('traveller@example.com');
  const patched = page.waitForResponse(
    (response) =>
      response.url() === `${e2eApi.url}/api/orders/${order.id}` &&
      response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: en.change.save }).click();
  expect((await patched).status()).toBe(200);
  await expect(page.locator('.purchase-summary__contact')).toHaveText('traveller@example.com');
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  expect(await onServer()).toMatchObject({
    number: order.number,
    contact: 'traveller@example.com',
    status: 'awaiting_payment',
  });

  await page.getByRole('button', { name: en.change.cancel }).click();
  const cancelled = page.waitForResponse(
    (response) => response.url() === `${e2eApi.url}/api/orders/${order.id}/cancel`,
  );
  await page
    .getByRole('dialog', { name: fill(en.cancel.heading, { order: order.number }) })
    .getByRole('button', { name: en.cancel.confirm })
    .click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.getByRole('heading', { name: en.plans.heading })).toBeFocused();
  expect((await onServer()).status).toBe('cancelled');
  expect(direct).toEqual([]);
});

test('the server-mode build contains no API key', () => {
  const dist = e2eServers.server.dist;
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(js|html|json|css|webmanifest|txt)$/.test(file),
  );
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const text = files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
  // The server's key was in the build's environment; a Google API key looks like AIza….
  expect(text).toContain(e2eApi.url);
  expect(text).not.toContain(e2eApi.serverKey);
  expect(text).not.toMatch(/AIza[0-9A-Za-z_-]{20,}/);
  expect(text).not.toContain('e2e-test-key');
  // The only values ever put in an x-goog-api-key header are the placeholders of
  // src/lib/ai/client.ts (the proxy replaces whatever comes).
  const values = [...text.matchAll(/["']x-goog-api-key["']\s*:\s*["'`]([^"'`]*)["'`]/gi)].map(
    (match) => match[1],
  );
  expect(values.filter((value) => !['proxy-supplied', 'demo-key'].includes(value!))).toEqual([]);
});
