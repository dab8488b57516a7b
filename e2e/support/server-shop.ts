import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import en from '../../locales/en/purchase.json' with { type: 'json' };
import { fill, type PurchaseTexts } from './checkout';
import { expect, type Language, openRoute } from './fixtures';
import { GEMINI_URL } from './gemini';
import { PNG } from './receipt-images';
import { e2eApi } from './servers';

/**
 * What the journeys against the real API share (server mode, e2e/support/servers.ts): receipts
 * the fake Gemini reads as scripted for their height, an order made through the shop or straight
 * through the API, and a QR decoded from a screenshot or a download.
 */

/** A receipt screenshot `height` px tall (300 wide, striped): the fake Gemini scripts by height. */
export function receiptPng(height = 600) {
  const png = new PNG({ width: 300, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const dark = Math.floor(i / 4 / 300) % 40 < 12;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 40 : 250;
    png.data[i + 3] = 255;
  }
  return { name: 'receipt.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/**
 * What the fake Gemini reads from the next receipts: of `forHeight` px only (or of any height),
 * held until released (`hold`), other reading fields overridden (`reading`).
 */
export async function scriptReceipt(script: {
  transactionId: string;
  forHeight?: number;
  hold?: boolean;
  reading?: Record<string, unknown>;
}) {
  const answer = await fetch(`${e2eApi.gemini.url}/__receipt`, {
    method: 'PUT',
    body: JSON.stringify(script),
  });
  expect(answer.ok).toBe(true);
}

/** The QR code in a PNG (a screenshot or a download), decoded. */
export function decodeQr(buffer: Buffer) {
  const png = PNG.sync.read(buffer);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** The browser never calls Gemini itself in server mode: such calls are aborted, listed in `seen`. */
export async function forbidDirectAi(page: Page, seen: string[] = []) {
  await page.route(`${GEMINI_URL}/**`, (route) => {
    seen.push(route.request().url());
    return route.abort();
  });
}

type Where = { texts?: PurchaseTexts; api?: string };

/** A step of the buy flow before the order exists, as it shows. */
type BeforeOrderStep = 'plans' | 'network' | 'contact';

/**
 * Power User on `operator` for `contact`, then Continue: the order the server made, and its token.
 * `onStep` runs on each step as it shows (before its choice is made).
 */
export async function orderOnServer<Order>(
  page: Page,
  contact: string,
  {
    texts = en,
    api = e2eApi.url,
    operator = 'MPT',
    onStep,
  }: Where & { operator?: string; onStep?: (step: BeforeOrderStep) => Promise<void> } = {},
) {
  await openRoute(page, '/buy-esim');
  const buy = page.getByRole('button', {
    name: fill(texts.plans.buy, { plan: texts.plans.names['power-30'] }),
  });
  await expect(buy).toBeVisible();
  await onStep?.('plans');
  await buy.click();
  const network = page.getByRole('button', { name: operator });
  await expect(network).toBeVisible();
  await onStep?.('network');
  await network.click();
  const field = page.getByLabel(texts.contact.label);
  await expect(field).toBeVisible();
  await onStep?.('contact');
  await field.fill(contact);
  const created = page.waitForResponse(
    (response) => response.url() === `${api}/api/orders` && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: texts.contact.continue }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(page.getByRole('heading', { name: texts.payment.heading })).toBeVisible();
  return (await response.json()) as { order: Order; token: string };
}

/** Chooses `file` as the order's receipt and sends it: the server's answer. */
export async function sendReceipt<Answer>(
  page: Page,
  orderId: string,
  file: ReturnType<typeof receiptPng>,
  { texts = en, api = e2eApi.url }: Where = {},
) {
  await page.getByLabel(texts.receipt.choose).setInputFiles(file);
  await expect(page.getByRole('img', { name: texts.receipt.previewAlt })).toBeVisible();
  const decided = page.waitForResponse(
    (response) => response.url() === `${api}/api/orders/${orderId}/receipt`,
  );
  await page.getByRole('button', { name: texts.receipt.submit }).click();
  const response = await decided;
  expect(response.status()).toBe(200);
  return (await response.json()) as Answer;
}

/** GET /api/orders/{id} with the order's token: the order now. */
export async function readOrder<Order>(id: string, token: string, api = e2eApi.url) {
  const response = await fetch(`${api}/api/orders/${id}`, { headers: { 'X-Order-Token': token } });
  return ((await response.json()) as { order: Order }).order;
}

/**
 * An order made and paid straight through the API, as the shop's client would (the fake Gemini
 * reads `image` as scripted): the order, its token, and the receipt's answer.
 */
export async function paidThroughApi<Order extends { id: string }>(options: {
  contact: string;
  image: Buffer;
  operatorId?: string;
  language?: Language;
  api?: string;
}) {
  const { contact, image, operatorId = 'mpt', language = 'en', api = e2eApi.url } = options;
  const made = await fetch(`${api}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ planId: 'power-30', operatorId, contact, language }),
  });
  const { order, token } = (await made.json()) as { order: Order; token: string };
  const paid = await fetch(`${api}/api/orders/${order.id}/receipt`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      'X-Order-Token': token,
    },
    body: JSON.stringify({
      image: { mimeType: 'image/png', base64: image.toString('base64') },
      language,
    }),
  });
  return { order, token, answer: (await paid.json()) as { order: Order } };
}

/** Opens /#/staff and signs in with the staff key the API's start wrote to `keyFile`. */
export async function signInAsStaff(page: Page, keyFile: string = e2eApi.staffKeyFile) {
  await openRoute(page, '/staff');
  await page.locator('input[type="password"]').fill(readFileSync(keyFile, 'utf8').trim());
  await page.locator('form.staff-key button[type="submit"]').click();
}
