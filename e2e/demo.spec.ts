import { e2eServers } from './support/servers';
import { expect, test } from './support/fixtures';

test.use({ baseURL: e2eServers.demo.url });

test('a build without a key runs in demo mode and says so on every page', async ({ page }) => {
  const aiRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('googleapis.com')) aiRequests.push(request.url());
  });
  for (const path of ['/', '/buy-esim', '/contact']) {
    await page.goto(`./#${path}`);
    await expect(page.getByTestId('demo-banner')).toContainText('Demo mode');
  }
  await page.getByRole('button', { name: 'Ask AI Assistant' }).click();
  await expect(page.getByRole('dialog', { name: 'Ask AI Assistant' })).toBeVisible();
  expect(aiRequests).toEqual([]);
});

test('a build with a key shows no demo banner', async ({ page }) => {
  await page.goto(e2eServers.gemini.url);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
});
