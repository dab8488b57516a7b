import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { shownMy } from './support/burmese';

const pages = [
  {
    path: '/privacy-policy',
    sections: 9,
    updated: '2026-11-23',
    title: { en: 'Privacy Policy', my: shownMy('ကိုယ်ရေးအချက်အလက် မူဝါဒ') },
  },
  {
    path: '/terms-of-service',
    sections: 10,
    updated: '2026-11-21',
    title: { en: 'Terms of Service', my: shownMy('ဝန်ဆောင်မှု စည်းမျဉ်းများ') },
  },
  {
    path: '/refund-policy',
    sections: 5,
    updated: '2026-11-28',
    title: { en: 'Refund Policy', my: shownMy('ငွေပြန်အမ်းခြင်း မူဝါဒ') },
  },
];

/** A document's date as the page should write it (Node's Intl knows Burmese; the page falls back to the same). */
const longDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'my' ? 'my-MM' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(`${iso}T12:00:00`),
  );

for (const language of ['en', 'my'] as const) {
  test.describe(`legal pages in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('show their title, the date their text changed as Last updated and their sections', async ({
      page,
    }) => {
      for (const legal of pages) {
        await openRoute(page, legal.path);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(legal.title[language]);
        await expect(main.locator('time').first()).toHaveText(longDate(legal.updated, language));
        await expect(main.locator('time').first()).toHaveAttribute('datetime', legal.updated);
        await expect(main.getByRole('region')).toHaveCount(legal.sections);
      }
    });
    // axe reads the legal pages in both languages and viewports in shell.spec.ts.
  });
}

test('the legal pages link to one another', async ({ page }) => {
  await openRoute(page, '/privacy-policy');
  const nav = page.getByRole('navigation', { name: 'Legal documents' });
  await expect(nav.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'Refund policy' }).click();
  await expect(page).toHaveURL(/#\/refund-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
  // The rules come from src/domain/refund-policy.ts: a deleted eSIM is replaced within 30 days.
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Installed on a phone: a new eSIM' }).first(),
  ).toContainText('within 30 days of payment');
  await expect(page.getByRole('main')).toContainText('no account is needed');
});
