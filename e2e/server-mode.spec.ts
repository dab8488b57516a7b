import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import delivery from '../locales/en/delivery.json' with { type: 'json' };
import en from '../locales/en/purchase.json' with { type: 'json' };
import { expect, openRoute, test } from './support/fixtures';
import { GEMINI_URL } from './support/gemini';
import { e2eApi, e2eServers } from './support/servers';

/**
 * Server mode end to end (issue #13): the shop built with VITE_API_URL, the real API
 * (server/src/main.ts on a fresh embedded database) and, behind it, a fake Gemini that reads
 * every receipt as paid (e2e/support/fake-gemini.mjs). The server makes the order and decides
 * the receipt; the browser never talks to Gemini and holds no key.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type PngImage = { width: number; height: number; data: Buffer };
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: {
    new (options: { width: number; height: number }): PngImage;
    sync: { read: (buffer: Buffer) => PngImage; write: (png: PngImage) => Buffer };
  };
};

type ShopOrder = { id: string; number: string; mmqrPayload: string; status: string };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

function receiptPng() {
  const png = new PNG({ width: 300, height: 600 });
  for (let i = 0; i < png.data.length; i += 4) {
    const dark = Math.floor(i / 4 / 300) % 40 < 12;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 40 : 250;
    png.data[i + 3] = 255;
  }
  return { name: 'receipt.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** The browser must never call Gemini itself in server mode. */
async function forbidDirectAi(page: Page, seen: string[]) {
  await page.route(`${GEMINI_URL}/**`, (route) => {
    seen.push(route.request().url());
    return route.abort();
  });
}

/** Plan, operator, contact, then "Continue to payment": returns the server's answer. */
async function orderOnServer(page: Page, contact: string) {
  await openRoute(page, '/buy-esim');
  await page.getByRole('button', { name: fill(en.plans.buy, { plan: 'Power User' }) }).click();
  await page.getByRole('button', { name: 'MPT' }).click();
  await page.getByLabel(en.contact.label).fill(contact);
  const created = page.waitForResponse(
    (response) =>
      response.url() === `${e2eApi.url}/api/orders` && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: en.contact.continue }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const answer = (await response.json()) as { order: ShopOrder; token: string };
  await expect(page.getByRole('heading', { name: en.payment.heading })).toBeFocused();
  return answer;
}

async function submitReceipt(page: Page, order: ShopOrder) {
  await page.getByLabel(en.receipt.choose).setInputFiles(receiptPng());
  await expect(page.getByRole('img', { name: en.receipt.previewAlt })).toBeVisible();
  const decided = page.waitForResponse(
    (response) => response.url() === `${e2eApi.url}/api/orders/${order.id}/receipt`,
  );
  await page.getByRole('button', { name: en.receipt.submit }).click();
  const response = await decided;
  expect(response.status()).toBe(200);
  return (await response.json()) as { order: ShopOrder; verification: { status: string } };
}

test('buys the Power User plan end to end in server mode; the same payment cannot buy a second order', async ({
  page,
  browser,
}) => {
  // A transaction id of this run only: every reading of the fake Gemini reports it.
  const transactionId = `0100${Date.now()}`;
  const scripted = await fetch(`${e2eApi.gemini.url}/__receipt`, {
    method: 'PUT',
    body: JSON.stringify({ transactionId }),
  });
  expect(scripted.ok).toBe(true);
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
  const png = PNG.sync.read(readFileSync(await download.path()));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code?.data, 'the QR carries the payload the server made').toBe(order.mmqrPayload);

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
  const stored = await fetch(`${e2eApi.url}/api/orders/${order.id}`, {
    headers: { 'X-Order-Token': token },
  });
  expect(((await stored.json()) as { order: ShopOrder }).order).toMatchObject({
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
  const onServer = async () =>
    (
      (await (
        await fetch(`${e2eApi.url}/api/orders/${order.id}`, {
          headers: { 'X-Order-Token': token },
        })
      ).json()) as { order: ShopOrder & { contact: string } }
    ).order;

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
