import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/legal.json';
import my from '../../../locales/my/legal.json';

const leaves = (node: unknown, path = ''): [string, unknown][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
    : [[path, node]];

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('legal translations', () => {
  it('has the same keys and list shapes in Burmese as in English, none empty', () => {
    expect(leaves(my).map(([key]) => key)).toEqual(leaves(en).map(([key]) => key));
    for (const [key, value] of [...leaves(en), ...leaves(my)]) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('writes every Burmese value in Myanmar script and keeps placeholders and list markers', () => {
    const english = new Map(leaves(en));
    for (const [key, value] of leaves(my)) {
      const text = String(value);
      const source = String(english.get(key));
      expect(text, key).toMatch(/[\u1000-\u109F]/);
      expect(placeholders(text), key).toEqual(placeholders(source));
      expect(text.startsWith('- '), key).toBe(source.startsWith('- '));
    }
  });

  it('has 9 privacy, 10 terms and 5 refund sections', () => {
    for (const bundle of [en, my]) {
      expect(bundle.privacy.sections).toHaveLength(9);
      expect(bundle.terms.sections).toHaveLength(10);
      expect(bundle.refund.sections).toHaveLength(5);
    }
  });
});
