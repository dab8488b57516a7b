import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import delivery from '../locales/en/delivery.json' with { type: 'json' };
import deliveryMyRaw from '../locales/my/delivery.json' with { type: 'json' };
import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { fill } from './support/checkout';
import { e2eApi, e2eServers } from './support/servers';
import {
  decodeQr,
  forbidDirectAi,
  orderOnServer,
  paidThroughApi,
  readOrder,
  receiptPng,
  scriptReceipt,
  sendReceipt,
} from './support/server-shop';
import { shownBundle } from './support/burmese';

const deliveryMy = shownBundle(deliveryMyRaw);

/**
 * Profiles ordered from the operator's SM-DP+ over ES2+ (issue #27), in server mode against the
 * real API, whose ATOM profiles come from the fake SM-DP+ (e2e/support/fake-smdp.mjs): buy an
 * ATOM plan → "preparing your eSIM" → the QR on screen decodes to LPA:1$<SM-DP+>$<matching ID>
 * of the profile the fake released; the fake reports the phone's download and install → the
 * open order page says "Installed on your phone" by itself.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

type Esim = {
  iccid: string;
  activationCode: string;
  smdpAddress: string;
  matchingId: string;
  installState: string | null;
};
type ShopOrder = { id: string; number: string; delivery: { state: string; esim: Esim | null } };
type FakeProfile = { iccid: string; state: string; matchingId: string | null };

/** This journey's receipts: the fake Gemini reports a transaction of their own height. */
const scriptHeight = (height: number) =>
  scriptReceipt({ transactionId: `0400${Date.now()}${height}`, forHeight: height });

async function decodeOnScreen(page: Page, orderNumber: string) {
  const qr = page.getByRole('img', { name: fill(delivery.qrLabel, { order: orderNumber }) });
  await expect(qr).toBeVisible();
  return decodeQr(await qr.screenshot());
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
  await scriptHeight(height);
  await forbidDirectAi(page);

  const { order, token } = await orderOnServer<ShopOrder>(
    page,
    `es2plus-${Date.now()}@example.com`,
    {
      operator: 'ATOM',
    },
  );
  const answer = await sendReceipt<{ order: ShopOrder }>(page, order.id, receiptPng(height));

  // Paid: the profile is ordered after the payment commits, so the answer says "preparing".
  expect(answer.order.delivery).toMatchObject({ state: 'provisioning', esim: null });
  await expect(page.getByRole('heading', { name: delivery.preparing.heading })).toBeVisible();

  // Then the eSIM appears by itself: the QR carries the SM-DP+'s address and matching ID.
  await expect(page.getByRole('heading', { name: delivery.heading, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const esim = (await readOrder<ShopOrder>(order.id, token)).delivery.esim!;
  const released = await fakeProfile(esim.iccid);
  expect(released).toMatchObject({ state: 'Released', matchingId: esim.matchingId });
  const code = `LPA:1$${e2eApi.smdp.address}$${released!.matchingId}`;
  expect(await decodeOnScreen(page, order.number)).toBe(code);
  await expect(page.getByRole('textbox', { name: delivery.codesLpa.label })).toHaveValue(code);

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
  await scriptHeight(height);
  const { order, token, answer } = await paidThroughApi<ShopOrder>({
    contact: `es2plus-shots-${height}-${Date.now()}@example.com`,
    image: receiptPng(height).buffer,
    operatorId: 'atom',
    language,
  });
  expect(answer.order.delivery.state).toBe('provisioning');
  let esim: Esim | null = null;
  await expect
    .poll(async () => {
      esim = (await readOrder<ShopOrder>(order.id, token)).delivery.esim;
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
