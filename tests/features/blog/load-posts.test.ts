import { describe, expect, it } from 'vitest';
import { blogCategories } from '../../../src/features/blog/lib/blog-post';
import { formatPostDate } from '../../../src/features/blog/lib/format-post-date';
import { loadBlogPosts, mergePosts } from '../../../src/features/blog/lib/load-posts';
import { parseMarkdown } from '../../../src/lib/markdown';
import { postMeta } from '../../../src/features/blog/posts/post-meta';

describe('the blog posts', () => {
  it('are seven in each language, with the same ids, categories and reading times', async () => {
    const [en, my] = await Promise.all([loadBlogPosts('en'), loadBlogPosts('my')]);
    expect(en).toHaveLength(7);
    expect(my).toHaveLength(7);
    expect(my.map((post) => post.id)).toEqual(en.map((post) => post.id));
    expect(en.map((post) => post.id)).toEqual(
      expect.arrayContaining([
        'esim-technology-myanmar-2025',
        'myanmar-tourist-esim-activation-guide',
      ]),
    );
    for (const post of en) {
      expect(blogCategories).toContain(post.category);
      expect(post.readTime).toBeGreaterThanOrEqual(4);
      expect(post.readTime).toBeLessThanOrEqual(8);
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(en.map((post) => post.category))).toEqual(new Set(blogCategories));
  });

  it('have full articles of several paragraphs and sections, Burmese in Myanmar script', async () => {
    for (const language of ['en', 'my'] as const) {
      for (const post of await loadBlogPosts(language)) {
        const blocks = parseMarkdown(post.content);
        expect(
          blocks.filter((block) => block.type === 'paragraph').length,
          post.id,
        ).toBeGreaterThanOrEqual(2);
        expect(
          blocks.filter((block) => block.type === 'heading').length,
          post.id,
        ).toBeGreaterThanOrEqual(3);
        expect(post.tags.length, post.id).toBeGreaterThanOrEqual(3);
        if (language === 'my') {
          for (const text of [post.title, post.summary, post.author, post.content]) {
            expect(text, post.id).toMatch(/[\u1000-\u109F]/);
          }
        }
      }
    }
  });

  it('refuse a bundle that is unreadable or misses a post', () => {
    expect(() => mergePosts(postMeta, { not: 'a list' })).toThrow('unreadable');
    expect(() => mergePosts(postMeta, [])).toThrow(/no text for/);
  });
});

describe('formatPostDate', () => {
  it('writes a post date for the UI language', () => {
    expect(formatPostDate('2026-10-02', 'en')).toBe('2 October 2026');
    expect(formatPostDate('2026-10-02', 'my')).toBe('၂၀၂၆ အောက်တိုဘာ ၂');
    expect(formatPostDate('someday', 'en')).toBe('someday');
  });
});
