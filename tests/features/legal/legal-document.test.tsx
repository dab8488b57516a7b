import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LegalDocument,
  type LegalDocumentName,
} from '../../../src/features/legal/components/legal-document';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';

type Dated = { iso: string } & Record<Language, string>;
const on21: Dated = { iso: '2026-11-21', en: '21 November 2026', my: '၂၀၂၆ နိုဝင်ဘာ ၂၁' };
const on23: Dated = { iso: '2026-11-23', en: '23 November 2026', my: '၂၀၂၆ နိုဝင်ဘာ ၂၃' };
const on28: Dated = { iso: '2026-11-28', en: '28 November 2026', my: '၂၀၂၆ နိုဝင်ဘာ ၂၈' };
const cases: [LegalDocumentName, number, Record<Language, string>, Dated][] = [
  ['privacy', 9, { en: 'Privacy Policy', my: 'ကိုယ်ရေးအချက်အလက် မူဝါဒ' }, on23],
  ['terms', 10, { en: 'Terms of Service', my: 'ဝန်ဆောင်မှု စည်းမျဉ်းများ' }, on21],
  ['refund', 5, { en: 'Refund Policy', my: 'ငွေပြန်အမ်းခြင်း မူဝါဒ' }, on28],
];
const burmese = (value: number) =>
  String(value).replace(/\d/g, (digit) => String.fromCodePoint(0x1040 + Number(digit)));
const label: Record<Language, string> = { en: 'Last updated:', my: 'နောက်ဆုံး ပြင်ဆင်သည့်နေ့ -' };

describe.each<Language>(['en', 'my'])('legal pages in %s', (language) => {
  it.each(cases)(
    '%s has its title, the date its text changed as Last updated and %i sections',
    async (doc, count, titles, dated) => {
      await renderWithProviders(<LegalDocument document={doc} />, {
        language,
        namespaces: ['legal'],
      });
      expect(screen.getByRole('heading', { level: 1, name: titles[language] })).toBeInTheDocument();
      const time = screen.getByText(dated[language]);
      expect(time.tagName).toBe('TIME');
      expect(time).toHaveAttribute('datetime', dated.iso);
      expect(time.parentElement).toHaveTextContent(`${label[language]} ${dated[language]}`);

      const sections = screen.getAllByRole('region');
      expect(sections).toHaveLength(count);
      sections.forEach((section, index) => {
        const heading = within(section).getByRole('heading', { level: 2 });
        // Numbered in the UI language's digits: 1. 2. … or ၁. ၂. …
        const number = language === 'my' ? burmese(index + 1) : String(index + 1);
        expect(heading.textContent).toMatch(new RegExp(`^${number}\\. \\S`));
        expect(within(section).getAllByText(/\S/).length).toBeGreaterThan(1);
      });
    },
  );
});

describe('legal page content', () => {
  it.each([
    ['privacy', '2026-11-23', '23 November 2026'],
    ['terms', '2026-11-21', '21 November 2026'],
    ['refund', '2026-11-28', '28 November 2026'],
  ] as const)(
    '%s shows the same Last updated date whatever the clock says',
    async (doc, iso, text) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (const now of [new Date(2027, 0, 15, 9), new Date(2031, 6, 4, 23, 30)]) {
          vi.setSystemTime(now);
          const { unmount } = await renderWithProviders(<LegalDocument document={doc} />, {
            namespaces: ['legal'],
          });
          const time = screen.getByText(text);
          expect(time.tagName).toBe('TIME');
          expect(time).toHaveAttribute('datetime', iso);
          unmount();
        }
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('says how to ask and how the money goes back (issue #41)', async () => {
    await renderWithProviders(<LegalDocument document="refund" />, {
      namespaces: ['legal'],
    });
    const main = document.body;
    expect(main).toHaveTextContent(
      'Open your order page with its order link (no account is needed)',
    );
    expect(main).toHaveTextContent('press “Ask for a refund or a new eSIM”');
    expect(main).toHaveTextContent('to the same card, through 2C2P');
    expect(main).toHaveTextContent(
      'a bank transfer to the account that paid, with its bank reference shown on your order page',
    );
  });

  it('states how receipts, contacts, Gemini and local storage are handled', async () => {
    await renderWithProviders(<LegalDocument document="privacy" />, {
      namespaces: ['legal'],
    });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Receipt screenshots are deleted right after verification.');
    expect(text).toContain('stored only to deliver your eSIM');
    expect(text).toContain("Google's Gemini AI models");
    expect(text).toContain('MMQR');
    expect(text).toContain('There are no customer accounts.');
  });

  it('lists what this browser keeps, where and for how long', async () => {
    await renderWithProviders(<LegalDocument document="privacy" />, {
      namespaces: ['legal'],
    });
    const storage = screen.getByRole('region', { name: '7. Cookies and local storage' });
    const items = within(storage)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Your language choice .* in localStorage, until you change it/),
      expect.stringMatching(/^The purchase in progress .* in sessionStorage for this tab only/),
      expect.stringMatching(/confirmed order waiting to be sent .* for 7 days.* 7 days after/),
      expect.stringMatching(/^The transaction IDs .* each for 7 days, and at most the latest 200/),
      expect.stringMatching(/votes on chat answers, as two counts without any text or time/),
    ]);
  });

  it('links the support email and the other legal pages', async () => {
    await renderWithProviders(<LegalDocument document="privacy" />, {
      namespaces: ['legal'],
      route: '/privacy-policy',
    });
    const emails = screen.getAllByRole('link', { name: 'support@esim-myanmar.example' });
    expect(emails[0]).toHaveAttribute('href', 'mailto:support@esim-myanmar.example');
    const nav = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/privacy-policy', '/terms-of-service', '/refund-policy']);
    expect(within(nav).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
