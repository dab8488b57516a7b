// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CARD_REFUND_BANK_DAYS,
  FAULT_DAYS,
  POLICY_RULES,
  REFUND_DAYS,
  REPLACE_DAYS,
  type PolicyRule,
} from '../../src/domain/refund-policy';
import {
  buildSystemInstruction,
  faqEntries,
  refundFacts,
} from '../../src/features/chat/lib/system-instruction';

/**
 * Nothing the shop says about refunds and new eSIMs states another period than the refund policy
 * (issue #41 point 5): the chat's instruction, the blog's articles and every locale text name only
 * the days of src/domain/refund-policy.ts (and the card bank's working days), never hours, never
 * a range such as "7-10 business days".
 */
const root = process.cwd();
const load = (...path: string[]) =>
  JSON.parse(readFileSync(join(root, ...path), 'utf8')) as unknown;
const strings = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : node && typeof node === 'object'
      ? Object.values(node).flatMap(strings)
      : [];

const myanmarDigits = '၀၁၂၃၄၅၆၇၈၉';
const toNumber = (digits: string) =>
  Number(
    [...digits].map((c) => (myanmarDigits.includes(c) ? myanmarDigits.indexOf(c) : c)).join(''),
  );

/**
 * A text speaks of refunds or new eSIMs, or of a fault and the time since buying (where a shop
 * promises a fix): "does not connect ... within 72 hours of purchase".
 */
const aboutRefunds =
  /\b(refund\w*|replace\w*|new eSIM|(of|after) (purchase|payment)|does not (connect|work))\b|ငွေပြန်အမ်း|eSIM အသစ်|ဝယ်ယူပြီး|ငွေပေးချေပြီး|မချိတ်ဆက်နိုင်/i;
const digit = '[0-9၀-၉]+';
const periodPattern = new RegExp(
  `(${digit})(?:\\s*[-–]\\s*(${digit}))?[\\s-]*(business |working |အလုပ်)?(hours?|days?|နာရီ|ရက်)`,
  'giu',
);

type Period = { text: string; days: number | null; working: boolean; range: boolean };

/** Every period a text states: "3 days", "72 hours", "7-10 business days", "၁၄ ရက်", "၇၂ နာရီ". */
function periods(text: string): Period[] {
  return [...text.matchAll(periodPattern)].map((match) => {
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    const unit = match[4]!.toLowerCase();
    const isHours = unit.startsWith('hour') || unit === 'နာရီ';
    return {
      text: match[0],
      days: isHours ? null : toNumber(match[1]!),
      working: Boolean(match[3]) || before.includes('အလုပ်ရက်'),
      range: Boolean(match[2]),
    };
  });
}

const policyDays = new Set([
  REFUND_DAYS,
  FAULT_DAYS,
  REPLACE_DAYS,
  ...POLICY_RULES.flatMap((rule) => (rule.days === null ? [] : [rule.days])),
]);

/** The periods of the texts about refunds that the refund policy does not state. */
function strayPromises(texts: string[]): string[] {
  return texts
    .flatMap((text) => text.split('\n'))
    .filter((text) => aboutRefunds.test(text))
    .flatMap((text) =>
      periods(text)
        .filter((period) =>
          period.range || period.days === null
            ? true
            : period.working
              ? period.days !== CARD_REFUND_BANK_DAYS
              : !policyDays.has(period.days),
        )
        .map((period) => `${period.text} in: ${text.slice(0, 160)}`),
    );
}

const languages = ['en', 'my'] as const;
const instruction = (language: string) =>
  buildSystemInstruction({
    language,
    brand: 'Shop',
    email: 'help@example.com',
    phone: '+95 9 000 000 000',
    faq: faqEntries(load('locales', language, 'faq.json')),
  });

describe('the refund promises', () => {
  it('the check itself finds a stale period and accepts the policy’s', () => {
    expect(
      strayPromises([
        'Refunds: contact support within 72 hours of purchase; refunds take 7-10 business days.',
        'ငွေပြန်အမ်းရန် ဝယ်ယူပြီး ၇၂ နာရီအတွင်း ဆက်သွယ်ပါ။',
        `A full refund if you ask within ${REFUND_DAYS + 1} days of payment.`,
        'ငွေပြန်အမ်းမှု ပေါ်လာရန် အလုပ်ရက် ၁၁ ရက်အထိ ကြာနိုင်ပါသည်။',
        'If your eSIM does not connect, contact support within 72 hours of purchase.',
      ]),
    ).toHaveLength(6);
    expect(
      strayPromises([
        `A new eSIM if you ask within ${FAULT_DAYS} days of payment; a refund within ${REFUND_DAYS} days.`,
        `ငွေပြန်အမ်းမှု ပေါ်လာရန် အလုပ်ရက် ${String(CARD_REFUND_BANK_DAYS).replace(/\d/g, (d) => myanmarDigits[Number(d)]!)} ရက်အထိ ကြာနိုင်ပါသည်။`,
        'The code is valid for 12 hours.',
      ]),
    ).toEqual([]);
  });

  for (const language of languages) {
    it(`the chat's instruction states only the policy's periods (${language})`, () => {
      expect(strayPromises([instruction(language)])).toEqual([]);
    });

    it(`the locale texts state only the policy's periods (${language})`, () => {
      const files = readdirSync(join(root, 'locales', language)).filter((f) => f.endsWith('.json'));
      expect(files.length).toBeGreaterThan(10);
      expect(
        strayPromises(files.flatMap((file) => strings(load('locales', language, file)))),
      ).toEqual([]);
    });
  }

  it('the blog articles state only the policy’s periods (both languages)', () => {
    const bodies = (language: string) =>
      strings(load('src/features/blog/posts', `bodies-${language}.json`));
    const texts = [...bodies('en'), ...bodies('my')];
    expect(texts.filter((text) => aboutRefunds.test(text)).length).toBeGreaterThan(0);
    expect(strayPromises(texts)).toEqual([]);
  });

  it('the chat’s instruction draws its refund rules from the policy, not a copy', () => {
    const text = instruction('en');
    expect(text).toContain(refundFacts());
    for (const days of policyDays) expect(text).toContain(`within ${days} days of payment`);
    const longer: PolicyRule[] = POLICY_RULES.map((rule) =>
      rule.days === FAULT_DAYS ? { ...rule, days: FAULT_DAYS + 40 } : rule,
    );
    const facts = refundFacts(longer);
    expect(facts).toContain(`within ${FAULT_DAYS + 40} days of payment`);
    expect(facts).not.toContain(`within ${FAULT_DAYS} days of payment`);
  });
});
