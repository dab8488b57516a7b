import type { Locator, Page } from '@playwright/test';
import en from '../locales/en/purchase.json' with { type: 'json' };
import myRaw from '../locales/my/purchase.json' with { type: 'json' };
import { fill } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { shownBundle } from './support/burmese';

const my = shownBundle(myRaw);

/**
 * The checkout's layout, measured in both languages (issue #15, screenshot review s21): Burmese
 * keeps its taller line height, operator names in one row line up, the contact step's buttons
 * form one clear column on a phone, and the approximate dollar price never breaks mid-phrase.
 */

const texts = { en, my } satisfies Record<Language, typeof en>;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

async function toOperatorStep(page: Page, language: Language) {
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', {
      name: fill(texts[language].plans.buy, { plan: texts[language].plans.names['power-30'] }),
    })
    .click();
  await expect(
    page.getByRole('heading', { name: texts[language].operators.heading }),
  ).toBeVisible();
}

async function toContactStep(page: Page, language: Language) {
  await toOperatorStep(page, language);
  await page.getByRole('button', { name: 'MPT' }).click();
  await expect(page.getByLabel(texts[language].contact.label)).toBeFocused();
}

/** Line height over font size of each element (a unitless line-height computes to pixels). */
function lineHeightRatios(elements: Locator) {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const style = getComputedStyle(node);
      return {
        text: node.textContent?.slice(0, 40) ?? '',
        ratio: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
      };
    }),
  );
}

const box = async (locator: Locator) => {
  const measured = await locator.boundingBox();
  expect(measured, 'a rendered box').not.toBeNull();
  return measured!;
};

for (const language of ['en', 'my'] as const satisfies Language[]) {
  test.describe(`checkout layout in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('the operator and plan texts keep the language’s line height', async ({ page }) => {
      // Burmese stacks glyphs above and below the line: it needs 1.9 where English does with 1.45.
      const prose = language === 'my' ? 1.8 : 1.4;
      const price = language === 'my' ? 1.5 : 1.15;
      await page.setViewportSize(phone);
      await openRoute(page, '/buy-esim');
      const usd = await lineHeightRatios(page.locator('.purchase-plan__usd'));
      expect(usd.length).toBeGreaterThan(0);
      for (const { text, ratio } of usd) expect(ratio, text).toBeGreaterThanOrEqual(prose);
      for (const { text, ratio } of await lineHeightRatios(page.locator('.purchase-plan__price')))
        expect(ratio, text).toBeGreaterThanOrEqual(price);

      await page
        .getByRole('button', {
          name: fill(texts[language].plans.buy, { plan: texts[language].plans.names['power-30'] }),
        })
        .click();
      const operatorTexts = page.locator(
        '.purchase-operator__guide, .purchase-operator__codes, .purchase-operator__recommended',
      );
      await expect(operatorTexts.first()).toBeVisible();
      const ratios = await lineHeightRatios(operatorTexts);
      expect(ratios).toHaveLength(9);
      for (const { text, ratio } of ratios) expect(ratio, text).toBeGreaterThanOrEqual(prose);
    });

    test('on a desktop the operator names in one row stand at the same height', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      await toOperatorStep(page, language);
      const names = page.locator('.purchase-operator__name');
      await expect(names).toHaveCount(4);
      const boxes = await Promise.all((await names.all()).map(box));
      const cards = await Promise.all((await page.locator('.purchase-operator').all()).map(box));
      // Two columns: MPT beside ATOM, Ooredoo beside Mytel.
      for (const [left, right] of [
        [0, 1],
        [2, 3],
      ] as const) {
        expect(Math.abs(cards[left]!.y - cards[right]!.y), 'cards in one row').toBeLessThan(1);
        expect(Math.abs(boxes[left]!.y - boxes[right]!.y), 'names in one row').toBeLessThan(1);
      }
      // Each name sits at the top of its card, whatever follows it (the recommended badge).
      for (const [index, name] of boxes.entries())
        expect(name.y - cards[index]!.y).toBeLessThan(24);
    });

    test('at 390 px Continue takes the whole width and Back follows under it, aligned', async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await toContactStep(page, language);
      const form = await box(
        page.locator('form').filter({ has: page.getByLabel(texts[language].contact.label) }),
      );
      const next = page.getByRole('button', { name: texts[language].contact.continue });
      const back = page.getByRole('button', { name: texts[language].back, exact: true });
      const nextBox = await box(next);
      const backBox = await box(back);
      expect(Math.abs(nextBox.x - form.x), 'Continue starts at the form’s edge').toBeLessThan(1);
      expect(Math.abs(nextBox.width - form.width), 'Continue is full width').toBeLessThan(1);
      expect(Math.abs(backBox.x - nextBox.x), 'Back aligned with Continue').toBeLessThan(1);
      expect(Math.abs(backBox.width - nextBox.width), 'Back as wide as Continue').toBeLessThan(1);
      expect(backBox.y, 'Back under Continue').toBeGreaterThanOrEqual(nextBox.y + nextBox.height);
      // Each label on one line.
      for (const button of [next, back]) {
        const lines = await button.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        expect(lines).toBe(1);
      }
      // Continue comes first for the keyboard too (the field, then the way on).
      await page.getByLabel(texts[language].contact.label).fill('09123456789');
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    });

    test('on a desktop the contact step’s buttons share one row, Continue first', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      await toContactStep(page, language);
      const nextBox = await box(
        page.getByRole('button', { name: texts[language].contact.continue }),
      );
      const backBox = await box(
        page.getByRole('button', { name: texts[language].back, exact: true }),
      );
      expect(Math.abs(nextBox.y - backBox.y)).toBeLessThan(1);
      expect(backBox.x).toBeGreaterThan(nextBox.x + nextBox.width);
    });

    for (const [screen, size] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      test(`on a ${screen} the ≈ US$ price is its own line and the rate phrases never break`, async ({
        page,
      }) => {
        await page.setViewportSize(size);
        await openRoute(page, '/buy-esim');
        const lines = page.locator('.purchase-plan__usd');
        await expect(lines).toHaveCount(3);
        for (const line of await lines.all()) {
          // The pieces of text between line break opportunities (<br>, <wbr>), each measured.
          const measured = await line.evaluate((element) => {
            const card = element.closest('.purchase-plan')!.getBoundingClientRect();
            const pieces = [...element.childNodes]
              .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
              .map((node) => {
                const range = document.createRange();
                range.selectNodeContents(node);
                const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
                return {
                  text: node.textContent!.trim(),
                  lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
                  top: Math.min(...rects.map((rect) => rect.top)),
                  right: Math.max(...rects.map((rect) => rect.right)),
                };
              });
            return { text: element.textContent ?? '', pieces, cardRight: card.right };
          });
          expect(measured.text).toContain('US$');
          // The price, then at least the rate's phrase and the date's.
          const [price, ...phrases] = measured.pieces;
          expect(phrases.length, measured.text).toBeGreaterThanOrEqual(2);
          expect(price!.text, 'the price leads').toMatch(/US\$\S+$/u);
          expect(price!.lines, price!.text).toBe(1);
          for (const phrase of phrases) {
            expect(phrase.lines, phrase.text).toBe(1);
            // On a later line than the price (the font's boxes may overlap the line above).
            expect(phrase.top, `${phrase.text} under the price`).toBeGreaterThan(price!.top + 1);
            expect(phrase.right, `${phrase.text} inside its card`).toBeLessThanOrEqual(
              measured.cardRight,
            );
          }
        }
      });
    }
  });
}
