import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/dev.json';
import my from '../../../locales/my/dev.json';

const leaves = (node: unknown, path = ''): [string, unknown][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
    : [[path, node]];

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each(['developers', 'audit'] as const)('dev:%s translations', (part) => {
  it('has the same keys in Burmese as in English, none empty', () => {
    expect(leaves(my[part]).map(([key]) => key)).toEqual(leaves(en[part]).map(([key]) => key));
    for (const [key, value] of [...leaves(en[part]), ...leaves(my[part])]) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('writes every Burmese value in Myanmar script, keeping placeholders', () => {
    const english = new Map(leaves(en[part]));
    for (const [key, value] of leaves(my[part])) {
      expect(String(value), key).toMatch(/[\u1000-\u109F]/);
      expect(placeholders(String(value)), key).toEqual(placeholders(String(english.get(key))));
    }
  });
});
