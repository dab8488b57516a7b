import type { Page } from '@playwright/test';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Every text box of the flowchart (chart node labels or list items), measured. */
async function flowchartBoxes(page: Page) {
  return page.locator('section.flowchart').evaluate((section) => {
    const list = [...section.querySelectorAll<HTMLElement>('.flowchart__steps > li')];
    const svg = section.querySelector('svg');
    const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    const labels = [...section.querySelectorAll<HTMLElement>('.flowchart__diagram .label div')];
    return [...list, ...labels].map((box) => ({
      text: box.textContent?.trim() ?? '',
      overflow: box.scrollWidth - box.clientWidth,
      fontPx: parseFloat(getComputedStyle(box).fontSize) * (list.includes(box) ? 1 : scale),
    }));
  });
}

for (const language of ['en', 'my'] as const satisfies Language[]) {
  test.describe(`the /about flowchart in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('at 390 px is a list of the steps whose text fits and stays at least 12 px', async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await openRoute(page, '/about');
      await expect(page.locator('.flowchart__steps > li')).toHaveCount(8);
      const boxes = await flowchartBoxes(page);
      expect(boxes).toHaveLength(8);
      for (const box of boxes) {
        expect(box.overflow, box.text).toBeLessThanOrEqual(0);
        expect(box.fontPx, box.text).toBeGreaterThanOrEqual(12);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
    });

    test('on a desktop is a chart whose labels fit their boxes and stay at least 12 px', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      await openRoute(page, '/about');
      await expect(page.locator('.flowchart__diagram svg')).toBeVisible({ timeout: 20_000 });
      const boxes = await flowchartBoxes(page);
      expect(boxes.length).toBeGreaterThanOrEqual(10);
      for (const box of boxes) {
        expect(box.overflow, box.text).toBeLessThanOrEqual(1);
        expect(box.fontPx, box.text).toBeGreaterThanOrEqual(12);
      }
    });
  });
}

test('the header toggle draws "မြန်မာ" with its own little font, loaded with the page', async ({
  page,
}) => {
  await openRoute(page, '/');
  const toggle = page.getByRole('button', { name: /Switch the language to Burmese/ });
  await expect(toggle).toContainText('မြန်မာ');
  const label = toggle.locator('[lang="my"]');
  expect(await label.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"?Myanmar Toggle Label"?,/,
  );
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.replace(/"/g, '') === 'Myanmar Toggle Label')
          .map((face) => face.status);
      }),
    )
    .toEqual(['loaded']);
  // Its glyphs come from that font, not from whatever Myanmar font the system may have.
  expect(
    await page.evaluate(() => document.fonts.check('700 16px "Myanmar Toggle Label"', 'မြန်မာ')),
  ).toBe(true);
});
