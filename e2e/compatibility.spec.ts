import type { Page, Request } from '@playwright/test';
import { jsonAnswer, textAnswer } from './support/gemini';
import {
  axeViewports,
  axeViolations,
  expect,
  type Language,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';
import { shownMy } from './support/burmese';

const android = (model: string) =>
  `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36`;
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const windows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

type GenerateBody = {
  contents: { parts: { text: string }[] }[];
  generationConfig?: { temperature?: number; responseSchema?: { properties?: object } };
};
const promptOf = (body: unknown) => (body as GenerateBody).contents[0]?.parts[0]?.text ?? '';

const result = (page: Page) => page.locator('main').getByRole('status');

test.describe('compatibility checker on a computer', () => {
  test.use({ userAgent: windows });

  test('explains that it checks phones, answers known models at once and asks the AI about others', async ({
    page,
    gemini,
  }) => {
    gemini.on(
      'generateContent',
      jsonAnswer({ isCompatible: 'UNCERTAIN', reason: 'It depends on the region it was sold in.' }),
      jsonAnswer({ isCompatible: 'YES', reason: 'The Nothing Phone (2) has eSIM.' }),
    );
    await openRoute(page, '/compatibility');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Is my phone eSIM compatible?',
    );
    await expect(result(page)).toContainText(
      'You are visiting from a computer. This page checks a phone',
    );
    const box = page.getByRole('textbox', { name: 'Device model' });
    await expect(box).toHaveValue('');

    await box.fill('iPhone 15 Pro');
    await box.press('Enter');
    await expect(result(page)).toContainText('Compatible');
    await expect(result(page)).toContainText('Yes: the iPhone 15 Pro supports eSIM.');
    await expect(result(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'yes');
    expect(gemini.calls).toEqual([]);

    await box.fill('');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(result(page)).toHaveText(/Please enter a device model\./);

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    gemini.on('generateContent', async () => {
      await held;
      return jsonAnswer({
        isCompatible: 'UNCERTAIN',
        reason: 'It depends on the region it was sold in.',
      });
    });
    await box.fill('Nothing Phone 2');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(result(page)).toContainText('Checking Nothing Phone 2…');
    await expect(box).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Check' })).toBeDisabled();
    release();
    await expect(result(page)).toContainText('It depends on the region it was sold in.');
    await expect(result(page)).toContainText('Not sure');
    await expect(result(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'uncertain');
    expect(gemini.count('generateContent')).toBe(1);
    const body = gemini.calls[0]?.body as GenerateBody;
    expect(promptOf(body)).toContain('"Nothing Phone 2"');
    expect(body.generationConfig?.temperature).toBe(0);
    expect(Object.keys(body.generationConfig?.responseSchema?.properties ?? {})).toEqual([
      'isCompatible',
      'reason',
    ]);
  });

  test('shows the error message for a malformed AI answer', async ({ page, gemini }) => {
    gemini.on('generateContent', {
      contentType: 'application/json',
      body: JSON.stringify(textAnswer('{"isCompatible": YES')),
    });
    await openRoute(page, '/compatibility');
    const box = page.getByRole('textbox', { name: 'Device model' });
    await box.fill('Nothing Phone 2');
    await box.press('Enter');
    await expect(result(page)).toContainText('An error occurred. Please try again later.');
    await expect(result(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'error');
  });

  test('the popular devices list is open, grouped by brand, and checks a device when chosen', async ({
    page,
    gemini,
  }) => {
    await openRoute(page, '/compatibility');
    const toggle = page.getByRole('button', { name: 'Popular devices' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.compat-popular__brand-title')).toHaveText([
      'Apple',
      'Samsung',
      'Google',
      'Other',
    ]);
    const columns = await page
      .locator('.compat-popular__grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    await page
      .getByRole('list', { name: 'Google' })
      .getByRole('button', { name: 'Pixel 9', exact: true })
      .click();
    await expect(page.getByRole('textbox', { name: 'Device model' })).toHaveValue('Pixel 9');
    await expect(result(page)).toContainText('Yes: the Pixel 9 supports eSIM.');
    await toggle.click();
    await expect(page.getByRole('list', { name: 'Google' })).toBeHidden();
    expect(gemini.calls).toEqual([]);
  });
});

test.describe('compatibility checker on an Android phone that names its model', () => {
  test.use({ userAgent: android('SM-S918B'), viewport: { width: 390, height: 844 } });

  test('fills the box and checks it by itself, from the device table', async ({ page, gemini }) => {
    await openRoute(page, '/compatibility');
    await expect(page.getByRole('textbox', { name: 'Device model' })).toHaveValue(
      'Galaxy S23 Ultra',
    );
    await expect(result(page)).toContainText('Yes: the Galaxy S23 Ultra supports eSIM.');
    expect(gemini.calls).toEqual([]);
    const columns = await page
      .locator('.compat-popular__grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBeLessThan(4);
  });
});

test.describe('compatibility checker on an Android phone the table does not know', () => {
  test.use({ userAgent: android('2211133G') });

  test('fills the box and asks the AI by itself', async ({ page, gemini }) => {
    gemini.on(
      'generateContent',
      jsonAnswer({ isCompatible: 'YES', reason: 'The Xiaomi 13 Lite supports eSIM.' }),
    );
    await openRoute(page, '/compatibility');
    await expect(result(page)).toContainText('The Xiaomi 13 Lite supports eSIM.');
    await expect(page.getByRole('textbox', { name: 'Device model' })).toHaveValue(
      'Xiaomi 2211133G',
    );
    expect(gemini.count('generateContent')).toBe(1);
    expect(promptOf(gemini.calls[0]?.body)).toContain('"Xiaomi 2211133G"');
  });
});

test.describe('compatibility checker on an iPhone', () => {
  test.use({ userAgent: iphone });

  test('asks the AI detector, which cannot tell, and then only gives a hint', async ({
    page,
    gemini,
  }) => {
    const detections: Request[] = [];
    gemini.on('generateContent', (request) => {
      detections.push(request);
      return { contentType: 'application/json', body: JSON.stringify(textAnswer('')) };
    });
    await openRoute(page, '/compatibility');
    await expect(result(page)).toContainText("iPhones don't tell websites their model.");
    await expect(page.getByRole('textbox', { name: 'Device model' })).toHaveValue('');
    expect(detections).toHaveLength(1);
    expect(promptOf(gemini.calls[0]?.body)).toContain(`User agent: ${iphone}`);
  });
});

test.describe('compatibility checker in Burmese', () => {
  test.use({ userAgent: windows });

  test('speaks Burmese and asks the AI for a Burmese reason', async ({ page, gemini }) => {
    gemini.on(
      'generateContent',
      jsonAnswer({ isCompatible: 'NO', reason: 'ဤဖုန်းတွင် eSIM မပါဝင်ပါ။' }),
    );
    await useLanguage(page, 'my');
    await openRoute(page, '/compatibility');
    await expect(result(page)).toContainText(shownMy('ကွန်ပျူတာမှ'));
    const box = page.getByRole('textbox', { name: shownMy('ဖုန်းမော်ဒယ်') });
    await box.fill('ip15 pro');
    await box.press('Enter');
    await expect(result(page)).toContainText(shownMy('ဟုတ်ကဲ့၊ iPhone 15 Pro သည် eSIM ကို ပံ့ပိုးပါသည်။'));
    await box.fill('Nokia 3310');
    await page.getByRole('button', { name: shownMy('စစ်ဆေးရန်') }).click();
    await expect(result(page)).toContainText('ဤဖုန်းတွင် eSIM မပါဝင်ပါ။');
    await expect(result(page)).toContainText(shownMy('အသုံးပြု၍ မရပါ'));
    expect(promptOf(gemini.calls[0]?.body)).toContain('in Burmese');
  });
});

for (const language of ['en', 'my'] as Language[]) {
  for (const viewport of axeViewports) {
    test(`axe finds no violation on /compatibility (${language}, ${viewport.name})`, async ({
      page,
      gemini,
    }) => {
      gemini.on('generateContent', jsonAnswer({ isCompatible: 'UNCERTAIN', reason: 'Unclear.' }));
      await page.setViewportSize(viewport);
      await useLanguage(page, language);
      await openRoute(page, '/compatibility');
      await expect(result(page).locator('[data-tone]')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      for (const model of ['iPhone 15 Pro', 'iPhone 8', 'Nothing Phone 2']) {
        await page.locator('.compat-form input').fill(model);
        await page.locator('.compat-form button').click();
        await expect(result(page).locator('[data-tone]')).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      }
    });
  }
}
