import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ESIM_STANDINGS,
  POLICY_RULES,
  REQUEST_REASONS,
  type PolicyRule,
} from '../../../src/domain/refund-policy';
import { LegalDocument } from '../../../src/features/legal/components/legal-document';
import { RefundRules } from '../../../src/features/legal/components/refund-rules';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';

const burmese = (value: number) =>
  String(value).replace(/\d/g, (digit) => String.fromCodePoint(0x1040 + Number(digit)));
const digits = (language: Language, value: number) =>
  language === 'my' ? burmese(value) : String(value);

/** What the page must say for one rule, in each language (outcome words and its days). */
const says: Record<Language, { refund: RegExp; replace: RegExp; none: RegExp; anyTime: RegExp }> = {
  en: {
    refund: /full refund/,
    replace: /new eSIM/,
    none: /no refund/,
    anyTime: /whenever you ask/,
  },
  my: {
    refund: /ငွေအပြည့် ပြန်အမ်း/,
    replace: /eSIM အသစ် ပေး/,
    none: /ငွေပြန်မအမ်းပါ/,
    anyTime: /မည်သည့်အချိန်/,
  },
};

/** The list item the page shows for a reason and a standing. */
function itemFor(reason: string, standing: string): HTMLElement {
  const block = document.querySelector<HTMLElement>(`[data-reason="${reason}"]`);
  expect(block, reason).not.toBeNull();
  const item = block!.querySelector<HTMLElement>(`[data-standing="${standing}"]`);
  expect(item, `${reason} ${standing}`).not.toBeNull();
  return item!;
}

/** Checks every rule's outcome and days against the list item the page shows for it. */
function expectRulesShown(rules: readonly PolicyRule[], language: Language) {
  const words = says[language];
  for (const rule of rules) {
    const text = itemFor(rule.reason, rule.standing).textContent ?? '';
    const numbers = text.match(/[0-9\u1040-\u1049]+/g) ?? [];
    if (rule.gives.length === 0) {
      expect(text, `${rule.reason} ${rule.standing}`).toMatch(words.none);
      expect(numbers).toEqual([]);
      continue;
    }
    for (const outcome of rule.gives) expect(text).toMatch(words[outcome]);
    if (!rule.gives.includes('refund')) expect(text).not.toMatch(words.refund);
    if (!rule.gives.includes('replace')) expect(text).not.toMatch(words.replace);
    if (rule.days === null) {
      expect(text).toMatch(words.anyTime);
      expect(numbers).toEqual([]);
    } else {
      expect(numbers, `${rule.reason} ${rule.standing}`).toEqual([digits(language, rule.days)]);
    }
  }
}

describe.each<Language>(['en', 'my'])('the refund policy page in %s', (language) => {
  it('shows every rule the shop decides with: each reason, each standing, its outcome and days', async () => {
    await renderWithProviders(<LegalDocument document="refund" />, {
      language,
      namespaces: ['legal'],
    });
    const region = screen.getAllByRole('region')[0]!;
    expect(within(region).getAllByRole('heading', { level: 3 })).toHaveLength(
      REQUEST_REASONS.length,
    );
    expect(within(region).getAllByRole('listitem')).toHaveLength(POLICY_RULES.length);
    expect(POLICY_RULES).toHaveLength(REQUEST_REASONS.length * ESIM_STANDINGS.length);
    expectRulesShown(POLICY_RULES, language);
  });

  it('follows the rules it is given: changed days and outcomes change the page', async () => {
    const changed = POLICY_RULES.map((rule): PolicyRule => {
      if (rule.reason === 'deleted' && rule.standing === 'installed') {
        return { ...rule, days: 45 };
      }
      if (rule.reason === 'plans_changed' && rule.standing === 'not_installed') {
        return { ...rule, gives: ['refund', 'replace'], days: 7 };
      }
      if (rule.reason === 'wrong_phone' && rule.standing === 'installed') {
        return { ...rule, gives: ['replace'], days: 2 };
      }
      return rule;
    });
    await renderWithProviders(<RefundRules number={1} rules={changed} />, {
      language,
      namespaces: ['legal'],
    });
    expectRulesShown(changed, language);
    expect(itemFor('deleted', 'installed').textContent).toContain(digits(language, 45));
    expect(itemFor('wrong_phone', 'installed').textContent).toMatch(says[language].replace);
  });
});

describe('the refund policy page says no old promise the shop does not keep', () => {
  it.each<Language>(['en', 'my'])(
    '%s: no 72-hour window, no 7-10 business days',
    async (language) => {
      await renderWithProviders(<LegalDocument document="refund" />, {
        language,
        namespaces: ['legal'],
      });
      const text = document.body.textContent ?? '';
      expect(text).not.toMatch(/72|၇၂|7-10|၇ ရက်မှ ၁၀/);
      expect(text).toContain('2C2P');
      expect(text).toContain('MMQR');
    },
  );
});
