import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import delivery from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMy from '../locales/my/delivery.json' with { type: 'json' };
import en from '../locales/en/purchase.json' with { type: 'json' };
import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { GEMINI_URL } from './support/gemini';
import { e2eApi, e2eServers } from './support/servers';

/**
 * Profiles ordered from the operator's SM-DP+ over ES2+ (issue #27), in server mode against the
 * real API, whose ATOM profiles come from the fake SM-DP+ (e2e/support/fake-smdp.mjs): buy an
 * ATOM plan → "preparing your eSIM" → the QR on screen decodes to LPA:1$<SM-DP+>$<matching ID>
 * of the profile the fake released; the fake reports the phone's download and install → the
 * open order page says "Installed on your phone" by itself.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type PngImage = { width: number; height: number; data: Buffer };
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: {
    new (options: { width: number; height: number }): PngImage;
    sync: { read: (buffer: Buffer) => PngImage; write: (png: PngImage) => Buffer };
  };
};

type Esim = {
  iccid: string;
  activationCode: string;
  smdpAddress: string;
  matchingId: string;
  installState: string | null;
};
type ShopOrder = { id: string; number: string; delivery: { state: string; esim: Esim | null } };
type FakeProfile = { iccid: string; state: string; matchingId: string | null };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A receipt of its own height: the fake Gemini reads this journey's transaction id from it. */
function receiptPng(height: number) {
  const png = new PNG({ width: 300, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const dark = Math.floor(i / 4 / 300) % 40 < 12;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 40 : 250;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

async function scriptReceipt(height: number) {
  const scripted = await fetch(`${e2eApi.gemini.url}/__receipt`, {
    method: 'PUT',
    body: JSON.stringify({ transactionId: `0400${Date.now()}${height}`, forHeight: height }),
  });
  expect(scripted.ok).toBe(true);
}

async function decodeOnScreen(page: Page, orderNumber: string) {
  const qr = page.getByRole('img', { name: fill(delivery.qrLabel, { order: orderNumber }) });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function fakeProfile(iccid: string): Promise<FakeProfile | undefined> {
  const all = (await (await fetch(`${e2eApi.smdp.url}/fake/profiles`)).json()) as FakeProfile[];
  return all.find((profile) => profile.iccid === iccid);
}

/** The fake SM-DP+ reports the phone's progress with this profile to the shop. */
async function report(iccid: string, points?: { id: number; status: string }[]) {
  const answer = await fetch(`${e2eApi.smdp.url}/fake/report`, {
    method: 'POST',
    body: JSON.stringify({ iccid, points }),
  });
  expect(((await answer.json()) as { statuses: number[] }).statuses.every((s) => s === 204)).toBe(
    true,
  );
}

test('buys an ATOM eSIM ordered from the SM-DP+; the order page shows it installed', async ({
  page,
}) => {
  const height = 652;
  await scriptReceipt(height);
  await page.route(`${GEMINI_URL}/**`, (route) => route.abort());

  await openRoute(page, '/buy-esim');
  await page.getByRole('button', { name: fill(en.plans.buy, { plan: 'Power User' }) }).click();
  await page.getByRole('button', { name: 'ATOM' }).click();
  await page.getByLabel(en.contact.label).fill(`es2plus-${Date.now()}@example.com`);
  const created = page.waitForResponse(
    (response) =>
      response.url() === `${e2eApi.url}/api/orders` && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: en.contact.continue }).click();
  const { order, token } = (await (await created).json()) as { order: ShopOrder; token: string };
  await page.getByLabel(en.receipt.choose).setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: receiptPng(height),
  });
  const decided = page.waitForResponse(
    (response) => response.url() === `${e2eApi.url}/api/orders/${order.id}/receipt`,
  );
  await page.getByRole('button', { name: en.receipt.submit }).click();
  const answer = (await (await decided).json()) as { order: ShopOrder };

  // Paid: the profile is ordered after the payment commits, so the answer says "preparing".
  expect(answer.order.delivery).toMatchObject({ state: 'provisioning', esim: null });
  await expect(page.getByRole('heading', { name: delivery.preparing.heading })).toBeVisible();

  // Then the eSIM appears by itself: the QR carries the SM-DP+'s address and matching ID.
  await expect(page.getByRole('heading', { name: delivery.heading, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const read = await fetch(`${e2eApi.url}/api/orders/${order.id}`, {
    headers: { 'X-Order-Token': token },
  });
  const esim = ((await read.json()) as { order: ShopOrder }).order.delivery.esim!;
  const released = await fakeProfile(esim.iccid);
  expect(released).toMatchObject({ state: 'Released', matchingId: esim.matchingId });
  const code = `LPA:1$${e2eApi.smdp.address}$${released!.matchingId}`;
  expect(await decodeOnScreen(page, order.number)).toBe(code);
  await expect(page.getByRole('textbox', { name: delivery.codes.lpa })).toHaveValue(code);

  // The order page, left open while the buyer installs it with another phone.
  await page.goto(`./#/order/${order.id}?token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  expect(await decodeOnScreen(page, order.number)).toBe(code);
  await expect(page.getByText(/Installed on your phone/)).toHaveCount(0);
  await report(esim.iccid);
  await expect(page.getByText(/Installed on your phone/)).toBeVisible({ timeout: 30_000 });
});

/** An ATOM order paid through the API, its eSIM out of the fake SM-DP+: its order page. */
async function paidAtomOrder(height: number, language: 'en' | 'my') {
  await scriptReceipt(height);
  const made = await fetch(`${e2eApi.url}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      planId: 'power-30',
      operatorId: 'atom',
      contact: `es2plus-shots-${height}-${Date.now()}@example.com`,
      language,
    }),
  });
  const { order, token } = (await made.json()) as { order: ShopOrder; token: string };
  const paid = await fetch(`${e2eApi.url}/api/orders/${order.id}/receipt`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      'X-Order-Token': token,
    },
    body: JSON.stringify({
      image: { mimeType: 'image/png', base64: receiptPng(height).toString('base64') },
      language,
    }),
  });
  expect(((await paid.json()) as { order: ShopOrder }).order.delivery.state).toBe('provisioning');
  let esim: Esim | null = null;
  await expect
    .poll(async () => {
      const read = await fetch(`${e2eApi.url}/api/orders/${order.id}`, {
        headers: { 'X-Order-Token': token },
      });
      esim = ((await read.json()) as { order: ShopOrder }).order.delivery.esim;
      return esim?.installState;
    })
    .toBe('released');
  return { path: `/order/${order.id}?token=${encodeURIComponent(token)}`, order, esim: esim! };
}

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const language of ['en', 'my'] as const) {
  const texts = language === 'en' ? delivery : deliveryMy;
  test(`the order page's install states in ${language}: preparing, installed, failed`, async ({
    page,
  }, testInfo) => {
    const shots = process.env.SHOTS_DIR ?? testInfo.outputPath('shots');
    mkdirSync(shots, { recursive: true });
    await useLanguage(page, language);
    const installed = await paidAtomOrder(language === 'en' ? 660 : 662, language);
    const failed = await paidAtomOrder(language === 'en' ? 664 : 666, language);
    await report(installed.esim.iccid);
    await report(failed.esim.iccid, [
      { id: 1, status: 'Executed-Success' },
      { id: 3, status: 'Failed' },
    ]);
    const states = [
      { state: 'preparing', order: installed, text: texts.preparing.text },
      { state: 'installed', order: installed, text: texts.install.installed.split('(')[0]! },
      { state: 'failed', order: failed, text: texts.install.failed.split('(')[0]! },
    ];
    for (const { state, order, text } of states) {
      if (state === 'preparing') {
        // Held in "preparing" on screen (the real order was served in a second).
        await page.route(`${e2eApi.url}/api/orders/${order.order.id}`, async (route) => {
          const real = (await (await route.fetch()).json()) as { order: ShopOrder };
          await route.fulfill({
            json: {
              order: {
                ...real.order,
                delivery: { ...real.order.delivery, state: 'provisioning', esim: null },
              },
            },
          });
        });
      } else {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        await openRoute(page, order.path);
        await expect(page.getByText(text.trim(), { exact: false })).toBeVisible();
        await page.screenshot({
          path: join(shots, `order-${state}-${language}-${viewport.width}x${viewport.height}.png`),
          fullPage: viewport.name === 'phone' ? false : true,
        });
      }
    }
  });
}
