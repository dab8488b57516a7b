import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { readFileSync } from 'node:fs';
import { endpointsOf, type OpenApiDocument } from '../src/features/developers/api/openapi-view';

/** `METHOD path` of every endpoint /developers documents, read from the same document. */
const apiDocument = JSON.parse(
  readFileSync(new URL('../src/features/developers/api/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const endpoints = endpointsOf(apiDocument).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test('a copy button on /audit copies its block and says Copied! for 2 seconds', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install({ time: new Date('2025-05-01T09:00:00+06:30') });
  await openRoute(page, '/audit');
  // From here on, time moves only when the test says so (a fixed instant well after the page has
  // loaded: "now + a little" can already be in the past on a busy machine).
  await page.clock.pauseAt(new Date('2025-05-01T09:01:00+06:30'));

  await expect(page.getByRole('figure')).toHaveCount(4);
  await expect(page.getByRole('main')).toContainText('asia-southeast1');
  const block = page.getByRole('figure').filter({ hasText: 'catalogue.json' });
  const button = block.getByRole('button');
  await expect(button).toHaveText('Copy');
  await button.click();
  await expect(button).toHaveText('Copied!');

  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    carriers: { gsma_identifiers: { mcc: string } }[];
    plans: { id: string; price_mmk: number }[];
  };
  expect(copied.carriers).toHaveLength(4);
  expect(copied.carriers.every((carrier) => carrier.gsma_identifiers.mcc === '414')).toBe(true);
  expect(copied.plans).toContainEqual(
    expect.objectContaining({ id: 'power-30', price_mmk: 80000 }),
  );

  await page.clock.runFor(1999);
  await expect(button).toHaveText('Copied!');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Copy');
});

test('the Burmese copy button says Copied! in Burmese', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useLanguage(page, 'my');
  await openRoute(page, '/audit');
  const button = page.getByRole('figure').filter({ hasText: 'deploy.sh' }).getByRole('button');
  await button.click();
  await expect(button).toHaveText('ကူးယူပြီးပါပြီ။');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('asia-southeast1');
});

test('the test report on /audit passes every self-check in the browser', async ({ page }) => {
  await openRoute(page, '/audit');
  const report = page.getByRole('figure').filter({ hasText: 'test-report.txt' });
  await expect(report).toContainText(/\d+ passed, 0 failed/);
  await expect(report).not.toContainText('FAIL');
  // The report is short: every line shows, the summary included, with no inner scrolling.
  const hidden = await report.locator('pre').evaluate((pre) => pre.scrollHeight - pre.clientHeight);
  expect(hidden).toBeLessThanOrEqual(1);
});

test('/developers documents the endpoints of the OpenAPI document and the key', async ({
  page,
}) => {
  await openRoute(page, '/developers');
  const main = page.getByRole('main');
  for (const endpoint of endpoints) {
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(`^${escape(endpoint)}`) }),
    ).toBeVisible();
  }
  await expect(main).toContainText('x-api-key: YOUR_API_KEY');
  await expect(main).toContainText('Authorization: Bearer YOUR_API_KEY');
  await expect(main).toContainText('401 Unauthorized');
  await expect(main.getByRole('region', { name: /^GET \/status/ })).toContainText('Public');
  const plans = main.getByRole('region', { name: /^GET \/plans/ });
  await expect(plans.getByRole('row', { name: /^plans\[\]\.price_mmk/ })).toContainText(
    'The price in Myanmar kyat.',
  );
  await expect(plans).toContainText('curl "$API_BASE_URL/plans"');
});

// axe reads /developers and /audit in both languages and viewports in shell.spec.ts.

for (const language of ['en', 'my'] as const) {
  test(`on a phone every /developers table fits the screen, rows stacked (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.setViewportSize({ width: 390, height: 844 });
    await openRoute(page, '/developers');
    const tables = page.getByRole('table');
    // The summary and at least the response fields of GET /status and GET /plans.
    await expect(tables.nth(2)).toBeVisible();
    const overflows = await tables.evaluateAll((elements) =>
      elements
        .map((table) => table.parentElement as HTMLElement)
        .map((wrap) => wrap.scrollWidth - wrap.clientWidth)
        .filter((overflow) => overflow > 1),
    );
    expect(overflows).toEqual([]);
    // Stacked, the rows keep their table semantics: the summary still has its five rows.
    const summary = page.getByRole('region', { name: /Endpoint/ }).getByRole('table');
    await expect(summary.getByRole('row')).toHaveCount(endpoints.length + 1);
    await expect(summary.getByRole('rowheader').first()).toHaveText('/status');
  });
}
