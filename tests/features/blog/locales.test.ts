import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/blog.json';

// Parity, empty values, Myanmar script and placeholders of every bundle: tests/locales/parity.test.ts.
// Every post's card words in both languages: ./posts.test.ts.
describe('blog translations', () => {
  it('uses the empty message and the button of SPEC', () => {
    expect(en.empty).toBe('No posts found in this category.');
    expect(en.readMore).toBe('Read Full Article');
  });

  it('says what to do when an article cannot be loaded', () => {
    expect(en.article.loadError).toBe(
      'This article could not be loaded. Check your connection and try again.',
    );
    expect(en.retry).toBe('Try again');
  });
});
