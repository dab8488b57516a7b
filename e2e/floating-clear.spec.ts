import homeEn from '../locales/en/home.json' with { type: 'json' };
import homeMyRaw from '../locales/my/home.json' with { type: 'json' };
import { purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { controlsUnderFloating, expectNothingCovered } from './support/phone-layout';
import { e2eServers } from './support/servers';
import { orderOnServer, receiptPng, scriptReceipt } from './support/server-shop';
import { shownBundle } from './support/burmese';

const homeMy = shownBundle(homeMyRaw);

/**
 * Issue #44 item 4: nothing covers a control. On a 360×740 phone, in both languages, the floating
 * music, back-to-top and chat buttons lie over no button, link or field of the home page (the
 * Burmese hero's two buttons), the payment step ("Upload and verify") or the result, at the top
 * and at every position while the visitor scrolls down and back up; and they are still there
 * where they cover nothing (the end of the page), so the check is not passed by their absence.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const phone = { width: 360, height: 740 };
const homeTexts = { en: homeEn, my: homeMy };

for (const language of ['en', 'my'] as const satisfies Language[]) {
  const t = purchaseTexts[language];

  test(`${language}: at 360×740 no floating button covers a control of the home page, the payment step or the result`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await useLanguage(page, language);
    await openRoute(page, '/');
    await expect(
      page.getByRole('link', { name: homeTexts[language].hero.cta }).first(),
    ).toBeVisible();
    await expect.poll(() => controlsUnderFloating(page)).toEqual([]);
    await shot(page, `floating-home-${language}-360`);
    await expectNothingCovered(page, 'home');

    const height = 1400 + (language === 'my' ? 1 : 0);
    await scriptReceipt({ transactionId: `0444${Date.now()}${height}`, forHeight: height });
    await orderOnServer(page, 'walker@example.com', { texts: t });
    await page.getByLabel(t.receipt.choose).setInputFiles(receiptPng(height));
    await expect(page.getByRole('img', { name: t.receipt.previewAlt })).toBeVisible();
    await expectNothingCovered(page, 'payment');
    await page.getByRole('button', { name: t.receipt.submit }).scrollIntoViewIfNeeded();
    await shot(page, `floating-upload-${language}-360`);
    await page.getByRole('button', { name: t.receipt.submit }).click();
    await expect(page.getByTestId('esim-qr')).toBeVisible();
    await expectNothingCovered(page, 'result');
  });
}
