import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import enDelivery from '../locales/en/delivery.json' with { type: 'json' };
import myDeliveryRaw from '../locales/my/delivery.json' with { type: 'json' };
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import {
  decodeQr,
  paidThroughApi as paidOrder,
  receiptPng,
  scriptReceipt,
} from './support/server-shop';
import { e2eReleaseProxy, e2eServers } from './support/servers';
import { shownBundle } from './support/burmese';

const myDelivery = shownBundle(myDeliveryRaw);

/**
 * The order page offline (issue #42, decision 111), in server mode against the real API, with
 * the shop's service worker on (every other journey blocks it): opened once online, the page
 * opens again with no connection, as the saved copy, with the eSIM QR (decoding to the same LPA
 * string), the codes, this phone's steps and the shop's contact; "Forget" removes it; another
 * order's link shows nothing of it; a new build of the shop takes over.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'allow' });

type Esim = { iccid: string; activationCode: string; smdpAddress: string; matchingId: string };
type ShopOrder = { id: string; number: string; delivery: { state: string; esim: Esim | null } };

const texts = { en: enDelivery, my: myDelivery } as const;
const startOf = (text: string) => text.split('{{')[0]!.trim();

/** A paid order with its eSIM, made straight through the API: its link and its eSIM. */
async function paidThroughApi(height: number) {
  await scriptReceipt({ transactionId: `0420${Date.now()}${height}`, forHeight: height });
  const { order, token, answer } = await paidOrder<ShopOrder>({
    contact: `offline-${height}-${Date.now()}@example.com`,
    image: receiptPng(height).buffer,
  });
  expect(answer.order.delivery.state).toBe('assigned');
  const esim = answer.order.delivery.esim!;
  return { path: `/order/${order.id}?token=${encodeURIComponent(token)}`, order, token, esim };
}

/** Opens the order page online and waits until it says it is kept on this device. */
async function openOnline(page: Page, path: string, language: Language) {
  await openRoute(page, path);
  await expect(page.getByTestId('esim-qr')).toBeVisible();
  await expect(page.getByTestId('offline-note')).toContainText(
    startOf(texts[language].offline.kept),
  );
}

/** A fresh load of `path` (typed, or opened from the email's link). */
async function load(page: Page, path: string) {
  await page.goto(`./#${path}`);
  await page.reload();
}

/** What a page without a connection logs: its failed requests. Anything else stays an error. */
function dropOfflineErrors(errors: string[]) {
  const kept = errors.filter(
    (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED/.test(error),
  );
  errors.splice(0, errors.length, ...kept);
}

const phones = [
  {
    name: 'iPhone, English',
    language: 'en' as const,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    steps: (page: Page) =>
      expect(page.getByRole('link', { name: enDelivery.iphone.install })).toBeVisible(),
    height: 871,
  },
  {
    name: 'Android, Burmese',
    language: 'my' as const,
    viewport: { width: 360, height: 740 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    steps: (page: Page) => expect(page.getByText(myDelivery.android.heading)).toBeVisible(),
    height: 872,
  },
];

for (const phone of phones) {
  test.describe(phone.name, () => {
    test.use({ viewport: phone.viewport, userAgent: phone.userAgent });

    test(`an order page opened once opens offline with its eSIM; another order's shows nothing of it; forget removes it (${phone.name})`, async ({
      page,
      context,
      consoleErrors,
    }) => {
      const t = texts[phone.language];
      await useLanguage(page, phone.language);
      const first = await paidThroughApi(phone.height);
      const second = await paidThroughApi(phone.height + 10);
      await openOnline(page, first.path, phone.language);

      await context.setOffline(true);
      await load(page, first.path);
      const banner = page.getByTestId('saved-copy');
      await expect(banner).toContainText(t.offline.savedHeading);
      await expect(banner).toContainText(startOf(t.offline.savedText));
      const qr = page.getByTestId('esim-qr');
      await expect(qr).toBeVisible();
      expect(decodeQr(await qr.screenshot())).toBe(first.esim.activationCode);
      await expect(page.getByLabel(t.codes.smdp, { exact: true })).toHaveValue(
        first.esim.smdpAddress,
      );
      await expect(page.getByLabel(t.codes.matchingId, { exact: true })).toHaveValue(
        first.esim.matchingId,
      );
      await phone.steps(page);
      await expect(page.getByRole('heading', { name: t.checklist.title })).toBeVisible();
      await expect(page.locator('.order-view__contact a[href^="mailto:"]')).toBeVisible();
      await expect(page.getByTestId('order-number')).toHaveText(first.order.number);
      await page.screenshot({
        path: `test-results/offline-${phone.language}-${phone.viewport.width}.png`,
        fullPage: true,
      });

      // Another order's link, and this order with another order's token: nothing of the first.
      for (const path of [
        second.path,
        `/order/${first.order.id}?token=${encodeURIComponent(second.token)}`,
      ]) {
        await load(page, path);
        await expect(page.getByText(t.order.unreachable)).toBeVisible();
        await expect(page.getByTestId('esim-qr')).toHaveCount(0);
        await expect(page.getByText(first.order.number)).toHaveCount(0);
        expect(await page.content()).not.toContain(first.esim.matchingId);
      }

      // Forget: gone from the page and from the device.
      await load(page, first.path);
      await expect(page.getByTestId('saved-copy')).toBeVisible();
      await page.getByRole('button', { name: t.offline.forget }).click();
      await expect(page.getByText(t.offline.removed)).toBeVisible();
      await expect(page.getByTestId('esim-qr')).toHaveCount(0);
      await load(page, first.path);
      await expect(page.getByText(t.order.unreachable)).toBeVisible();
      await expect(page.getByTestId('esim-qr')).toHaveCount(0);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain(first.esim.matchingId);

      // The service worker's caches hold the app's files only: no answer of the API.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
      });
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((url) => /\/api\/|token=/.test(url))).toEqual([]);
      await context.setOffline(false);
      dropOfflineErrors(consoleErrors);
    });
  });
}

/**
 * The shop on an origin of its own, from the `server` build, as a deployment serves it: the
 * current release, or (once `release` says `next`) the next one, with another service worker
 * script and an index.html that says so (a `shop-build` meta tag).
 */
let release: 'current' | 'next' = 'current';
const marker = '<meta name="shop-build" content="next" />';
let proxy: Server | undefined;

test.describe('a new release', () => {
  test.use({ baseURL: e2eReleaseProxy.url });
  test.beforeAll(async () => {
    proxy = createServer(async (request, response) => {
      const upstream = await fetch(new URL(request.url ?? '/', e2eServers.server.url), {
        headers: { accept: request.headers.accept ?? '*/*' },
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      const path = new URL(request.url ?? '/', e2eReleaseProxy.url).pathname;
      if (release === 'next' && path.endsWith('/service-worker.js')) {
        body = Buffer.concat([body, Buffer.from('\n// the next release\n')]);
      }
      if (release === 'next' && (path === '/' || path === '/index.html')) {
        body = Buffer.from(body.toString('utf8').replace('<head>', `<head>${marker}`));
      }
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => proxy!.listen(e2eReleaseProxy.port, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
  });

  test('a new build of the shop takes over, and the order page still opens offline after it', async ({
    page,
    context,
    consoleErrors,
  }) => {
    release = 'current';
    const order = await paidThroughApi(893); // not 871–882: the phones’ orders (scripted by height)
    await openOnline(page, order.path, 'en');
    await expect(page.locator('meta[name="shop-build"]')).toHaveCount(0);

    // The next release is deployed: the browser finds the new worker, which takes over.
    release = 'next';
    const tookOver = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
        }),
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    expect(await tookOver).toBe(true);

    await page.reload();
    await expect(page.locator('meta[name="shop-build"]')).toHaveCount(1);
    await expect(page.getByTestId('esim-qr')).toBeVisible();

    // Offline after the release: the new build's page, with the order's saved copy.
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('meta[name="shop-build"]')).toHaveCount(1);
    await expect(page.getByTestId('saved-copy')).toBeVisible();
    expect(decodeQr(await page.getByTestId('esim-qr').screenshot())).toBe(
      order.esim.activationCode,
    );
    await context.setOffline(false);
    dropOfflineErrors(consoleErrors);
  });
});
