import { paths } from '../src/config/paths';
import {
  axeViewports,
  axeViolations,
  expect,
  type Language,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';

const routes = Object.entries(paths);
const languages: Language[] = ['en', 'my'];

for (const language of languages) {
  test.describe(`every route in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('renders with no console error, the right language and a title', async ({ page }) => {
      for (const [, path] of routes) {
        await openRoute(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page).toHaveTitle(/.+/);
        if (language === 'my') await expect(page.locator('main')).toContainText(/[\u1000-\u109F]/);
      }
    });

    for (const viewport of axeViewports) {
      test(`axe finds no violation on any route (${viewport.name})`, async ({ page }) => {
        test.slow();
        await page.setViewportSize(viewport);
        const found: Record<string, unknown> = {};
        for (const [name, path] of routes) {
          await openRoute(page, path);
          const violations = await axeViolations(page);
          if (violations.length) found[name] = violations;
        }
        expect(found).toEqual({});
      });
    }
  });
}

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('./#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('the language choice survives a reload and uses the Burmese font', async ({ page }) => {
  await openRoute(page, '/');
  await page.getByRole('button', { name: 'Switch the language to Burmese' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { name: 'ထပ်မံလေ့လာရန်' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (font) => font.family.includes('Noto Sans Myanmar') && font.status === 'loaded',
        );
      }),
    )
    .toBe(true);
  const family = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  expect(family).toContain('Noto Sans Myanmar');
});

test('the header menu collapses on a phone and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await menuButton.click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL(/#\/partners$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('footer, floating controls and scroll-to-top', async ({ page }) => {
  await openRoute(page, '/partners');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /support@esim-myanmar\.example/ })).toHaveAttribute(
    'href',
    'mailto:support@esim-myanmar.example',
  );
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('target', '_blank');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(page.getByRole('link', { name: 'Download App' })).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );

  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 600);
  });
  const toTop = page.getByRole('button', { name: 'Back to top' });
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(toTop).toBeHidden();
});

test('the music player plays a loop it makes itself, with mute only while playing', async ({
  page,
}) => {
  const audioRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'media') audioRequests.push(request.url());
  });
  await openRoute(page, '/');
  await expect(page.getByRole('button', { name: 'Mute background music' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Play background music' }).click();
  await expect(page.getByRole('button', { name: 'Pause background music' })).toBeVisible();
  await page.getByRole('button', { name: 'Mute background music' }).click();
  await expect(page.getByRole('button', { name: 'Unmute background music' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause background music' }).click();
  await expect(page.getByRole('button', { name: 'Unmute background music' })).toHaveCount(0);
  expect(audioRequests.every((url) => url.startsWith('blob:'))).toBe(true);
});

test('the chat dialog opens from its button and from the open-ai-chat event, traps focus and closes on Escape', async ({
  page,
}) => {
  await openRoute(page, '/');
  const launcher = page.getByRole('button', { name: 'Ask AI Assistant' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI Assistant' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('eSIM Myanmar Support');
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-ai-chat')));
  await expect(dialog).toBeVisible();
});

test('the built page carries a Content-Security-Policy that only allows the site and the AI service', async ({
  page,
}) => {
  await page.goto('./');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain('connect-src');
  expect(policy).toContain('https://generativelanguage.googleapis.com');
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("'unsafe-eval'");
});

test('the start-up overlay shows for 500 ms, then goes', async ({ page }) => {
  // Recorded in the page, so a slow test machine cannot miss the half second it is there.
  await page.addInitScript(() => {
    const overlay = { shownAt: 0, goneAt: 0 };
    Object.assign(window, { overlay });
    new MutationObserver(() => {
      const present = document.querySelector('[data-testid="loading-overlay"]') !== null;
      if (present && !overlay.shownAt) overlay.shownAt = performance.now();
      if (!present && overlay.shownAt && !overlay.goneAt) overlay.goneAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('./');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 3000 });
  const { shownAt, goneAt } = await page.evaluate(
    () => (window as unknown as { overlay: { shownAt: number; goneAt: number } }).overlay,
  );
  expect(shownAt).toBeGreaterThan(0);
  expect(goneAt - shownAt).toBeGreaterThanOrEqual(450);
  expect(goneAt - shownAt).toBeLessThan(2000);
});
