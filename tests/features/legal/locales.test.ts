import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/legal.json';
import my from '../../../locales/my/legal.json';

// Parity, empty values, Myanmar script and placeholders of every bundle: tests/locales/parity.test.ts.
describe('legal translations', () => {
  // The refund policy's first section, its rules, is drawn from src/domain/refund-policy.ts.
  it('has 9 privacy, 10 terms and 4 written refund sections', () => {
    for (const bundle of [en, my]) {
      expect(bundle.privacy.sections).toHaveLength(9);
      expect(bundle.terms.sections).toHaveLength(10);
      expect(bundle.refund.sections).toHaveLength(4);
    }
  });
});
