import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/compatibility.json';
import my from '../../../locales/my/compatibility.json';

/** Every leaf of a bundle as [path, value]. */
const leaves = (node: unknown, path = ''): [string, unknown][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
    : [[path, node]];

/** Values that are names, not prose (brands stay in Latin script). */
const names = new Set(['Apple', 'Samsung', 'Google', 'Viber']);

describe('compatibility translations', () => {
  it('has the same keys in Burmese as in English, none empty', () => {
    expect(leaves(my).map(([key]) => key)).toEqual(leaves(en).map(([key]) => key));
    for (const [key, value] of [...leaves(en), ...leaves(my)]) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('writes every Burmese prose value in Myanmar script, keeping placeholders', () => {
    const english = new Map(leaves(en));
    for (const [key, value] of leaves(my)) {
      const text = String(value);
      if (!names.has(text)) expect(text, key).toMatch(/[\u1000-\u109F]/);
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(text), key).toEqual(placeholders(String(english.get(key))));
    }
  });
});
