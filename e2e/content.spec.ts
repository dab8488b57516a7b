import { expect, openRoute, test, useLanguage } from './support/fixtures';
import { shownMy } from './support/burmese';

test.describe('help center', () => {
  test('17 questions, all closed; each opens and closes on its own, by mouse and keyboard', async ({
    page,
  }) => {
    await openRoute(page, '/help-center');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(17);
    for (const question of await questions.all()) {
      await expect(question).toHaveAttribute('aria-expanded', 'false');
    }

    const topUp = faq.getByRole('button', { name: 'Can I top up my eSIM?' });
    const calls = faq.getByRole('button', { name: 'Can I make calls or send SMS?' });
    await topUp.click();
    await expect(faq.getByText(/cannot be topped up/)).toBeVisible();
    await calls.click();
    await expect(faq.getByText(/no phone number for calls or SMS/)).toBeVisible();
    await expect(faq.getByText(/cannot be topped up/)).toBeVisible();
    await topUp.click();
    await expect(faq.getByText(/cannot be topped up/)).toBeHidden();
    await expect(calls).toHaveAttribute('aria-expanded', 'true');

    const first = faq.getByRole('button', { name: 'What is an eSIM?' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Ask the AI assistant button opens the chat', async ({ page, gemini }) => {
    await openRoute(page, '/help-center');
    await page.getByRole('button', { name: 'Ask the AI assistant' }).click();
    await expect(page.getByRole('dialog', { name: 'Ask AI Assistant' })).toBeVisible();
    expect(gemini.calls.filter((call) => call.method !== 'other')).toEqual([]);
  });
});

test.describe('install guide', () => {
  test('iOS first; the tabs work with the keyboard', async ({ page }) => {
    await openRoute(page, '/how-it-works');
    const ios = page.getByRole('tab', { name: 'iPhone (iOS)' });
    const android = page.getByRole('tab', { name: 'Android' });
    await expect(ios).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await expect(panel).toContainText('Add eSIM, then tap Use QR Code');

    await ios.focus();
    await page.keyboard.press('ArrowRight');
    await expect(android).toBeFocused();
    await expect(android).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Android');
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('tabpanel')).toContainText('SIM manager');

    await page.keyboard.press('ArrowRight');
    await expect(ios).toBeFocused();
    await page.keyboard.press('End');
    await expect(android).toBeFocused();
    await page.keyboard.press('Home');
    await expect(ios).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel')).toBeFocused();

    await expect(
      page.getByRole('region', { name: 'Important notes' }).getByRole('listitem'),
    ).toHaveCount(3);
  });
});

test.describe('about', () => {
  for (const [language, firstStep] of [
    ['en', 'Choose a data plan'],
    ['my', shownMy('ဒေတာအစီအစဉ် ရွေးပါ')],
  ] as const) {
    test(`mermaid draws the purchase flowchart in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      await openRoute(page, '/about');
      const diagram = page.locator('.flowchart__diagram svg');
      await expect(diagram).toBeVisible({ timeout: 20_000 });
      await expect(diagram).toContainText(firstStep);
      await expect(page.locator('.flowchart [role="alert"]')).toHaveCount(0);
      await expect(diagram.locator('.node')).toHaveCount(10);
    });

    test(`on a phone the flowchart is an ordered list of its steps (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLanguage(page, language);
      await openRoute(page, '/about');
      const steps = page.locator('.flowchart__steps > li');
      await expect(steps).toHaveCount(8);
      await expect(steps.first()).toHaveText(firstStep);
      await expect(page.locator('.flowchart__diagram')).toHaveCount(0);
      // Burmese lists count in Myanmar digits (၁. ၂. ၃.), English ones in Latin digits.
      expect(
        await page
          .locator('.flowchart__steps')
          .evaluate((list) => getComputedStyle(list).listStyleType),
      ).toBe(language === 'my' ? 'myanmar' : 'decimal');
    });
  }
});

test.describe('explainer, partners, dashboard', () => {
  test('what is eSIM: five advantages and a four-row comparison', async ({ page }) => {
    await openRoute(page, '/what-is-esim');
    await expect(
      page.getByRole('region', { name: 'Five advantages of an eSIM' }).getByRole('listitem'),
    ).toHaveCount(5);
    const table = page.getByRole('table', { name: 'eSIM compared with a physical SIM card' });
    await expect(table.locator('tbody tr')).toHaveCount(4);
  });

  test('partners: four groups', async ({ page }) => {
    await openRoute(page, '/partners');
    await expect(page.locator('.partner-group')).toHaveCount(4);
    await expect(page.locator('.partner-group').first().locator('.partner__name')).toHaveText([
      'ATOM',
      'Mytel',
      'MPT',
      'Ooredoo',
    ]);
  });

  test('dashboard cards lead to status, developers and audit', async ({ page }) => {
    await openRoute(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'AI chat feedback' })).toBeVisible();
    await page.getByRole('link', { name: 'Open system status' }).click();
    await expect(page).toHaveURL(/#\/status$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Open the API documentation' }).click();
    await expect(page).toHaveURL(/#\/developers$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Open the platform audit' }).click();
    await expect(page).toHaveURL(/#\/audit$/);
  });
});

// axe reads the content pages (the diagram drawn, an answer of the help centre open) in both
// languages and viewports in shell.spec.ts.
