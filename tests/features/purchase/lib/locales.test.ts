import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/purchase.json';
import my from '../../../../locales/my/purchase.json';

type Tree = { [key: string]: string | string[] | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') return [[path, value]];
    if (Array.isArray(value)) return value.map((item, index) => [`${path}.${index}`, item]);
    return entries(value, `${path}.`);
  });

const interpolations = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('purchase translations', () => {
  const english = new Map(entries(en as Tree));
  const burmese = new Map(entries(my as Tree));

  it('has the same keys in Burmese as in English', () => {
    expect([...burmese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...burmese.entries()])(
    'writes %s in Burmese script, with the same placeholders',
    (key, text) => {
      expect(text.trim()).not.toBe('');
      expect(text).toMatch(/[\u1000-\u109f]/);
      expect(interpolations(text)).toEqual(interpolations(english.get(key) ?? ''));
    },
  );

  it('keeps the catalogue messages of SPEC §5 and §8 word for word', () => {
    expect(en.esim_enter_contact_error).toBe(
      'Please enter a valid email or Viber phone number (e.g., 09...).',
    );
    expect(en.esim_verification_failed_message).toBe(
      'Verification failed. Our AI could not confirm the payment from the screenshot. Please ensure it is a clear, recent, and successful payment receipt.',
    );
    expect(en.failure.unreadable).toBe(
      'AI verification failed. The response was unreadable. Please try again.',
    );
    expect(en.expired.text).toBe(
      'For security, your MMQR payment code has expired. Please restart the purchase to generate a new one.',
    );
  });
});
