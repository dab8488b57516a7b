import { paths } from '../src/domain/paths';
import { e2eServers } from './support/servers';
import {
  commonTexts,
  expect,
  type Language,
  openRouteFresh,
  reportCspViolations,
  test,
  unknownPath,
  useLanguage,
} from './support/fixtures';

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

const languages: Language[] = ['en', 'my'];

for (const language of languages) {
  test(`a fresh clone opens every route in ${language} with the demo banner and no console error`, async ({
    page,
    consoleErrors,
  }) => {
    test.slow();
    await reportCspViolations(page);
    await useLanguage(page, language);
    const banner = page.getByTestId('demo-banner');
    const { short, banner: text } = commonTexts[language].demo;
    for (const path of [...Object.values(paths), unknownPath]) {
      await openRouteFresh(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(banner, `the demo banner on ${path}`).toBeVisible();
      await expect(banner).toContainText(short);
      await expect(banner).toContainText(text);
      await page.waitForLoadState('networkidle');
      expect(consoleErrors, `console errors or CSP violations on ${path}`).toEqual([]);
    }
  });
}

test('a build with a key shows no demo banner', async ({ page }) => {
  await page.goto(e2eServers.gemini.url);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
});
