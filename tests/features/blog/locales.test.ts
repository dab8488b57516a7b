import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/blog.json';

// Parity, empty values, Myanmar script and placeholders of every bundle: tests/locales/parity.test.ts.
describe('blog translations', () => {
  it('uses the error and empty messages of SPEC', () => {
    expect(en.loadError).toBe('Could not load blog posts. Please try again later.');
    expect(en.empty).toBe('No posts found in this category.');
    expect(en.readMore).toBe('Read Full Article');
  });
});
