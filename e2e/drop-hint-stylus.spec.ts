import { chromiumArgs, chromiumPath } from './support/browser';
import { purchaseTexts as texts, toPayment } from './support/checkout';
import { expect, test } from './support/fixtures';

/**
 * Issue #24: "or drag and drop" only where a pointer can drag. A phone with a stylus has a fine
 * pointer that cannot hover, and cannot drag a file from anywhere: Blink's own settings make this
 * Chromium such a phone (ui::HoverType 1 = none; ui::PointerType 4 = fine). A check on
 * `(pointer: coarse)` alone showed the hint there.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--blink-settings=primaryHoverType=1,availableHoverTypes=1,primaryPointerType=4,availablePointerTypes=4',
    ],
  },
});

test('a stylus phone (fine pointer, no hover) is not offered "or drag and drop"', async ({
  page,
}) => {
  const t = texts.en;
  await page.setViewportSize({ width: 390, height: 844 });
  await toPayment(page, t);
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(true);
  expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
  await expect(page.getByText(t.receipt.drop)).toBeHidden();
});
