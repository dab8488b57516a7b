import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/blog.json';
import my from '../../../locales/my/blog.json';

const leaves = (node: unknown, path = ''): [string, unknown][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
    : [[path, node]];

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('blog translations', () => {
  it('has the same keys in Burmese as in English, none empty', () => {
    expect(leaves(my).map(([key]) => key)).toEqual(leaves(en).map(([key]) => key));
    for (const [key, value] of [...leaves(en), ...leaves(my)]) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('writes every Burmese value in Myanmar script, keeping placeholders', () => {
    const english = new Map(leaves(en));
    for (const [key, value] of leaves(my)) {
      expect(String(value), key).toMatch(/[\u1000-\u109F]/);
      expect(placeholders(String(value)), key).toEqual(placeholders(String(english.get(key))));
    }
  });

  it('uses the error and empty messages of SPEC', () => {
    expect(en.loadError).toBe('Could not load blog posts. Please try again later.');
    expect(en.empty).toBe('No posts found in this category.');
    expect(en.readMore).toBe('Read Full Article');
  });
});
