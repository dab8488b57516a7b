import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/blog.json';
import my from '../../../locales/my/blog.json';
import {
  loadArticleBodies,
  readArticleBodies,
} from '../../../src/features/blog/lib/article-bodies';
import { blogCategories } from '../../../src/features/blog/lib/blog-post';
import { formatPostDate } from '../../../src/features/blog/lib/format-post-date';
import { postList } from '../../../src/features/blog/lib/post-list';
import { postMeta } from '../../../src/features/blog/posts/post-meta';
import type { Language } from '../../../src/lib/i18n/languages';
import { parseMarkdown } from '../../../src/lib/markdown';

const bundles: Record<Language, { posts: unknown }> = { en, my };
const ids = postMeta.map((post) => post.id);
const myanmarScript = /[\u1000-\u109F]/;

describe('the published posts', () => {
  it('are seven, with known ids, every category, reading times of 4 to 8 minutes and dates', () => {
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual(
      expect.arrayContaining([
        'esim-technology-myanmar-2025',
        'myanmar-tourist-esim-activation-guide',
      ]),
    );
    for (const post of postMeta) {
      expect(blogCategories).toContain(post.category);
      expect(post.readTime).toBeGreaterThanOrEqual(4);
      expect(post.readTime).toBeLessThanOrEqual(8);
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(postMeta.map((post) => post.category))).toEqual(new Set(blogCategories));
  });
});

describe.each<Language>(['en', 'my'])('the list’s words in locales/%s/blog.json', (language) => {
  const texts = bundles[language].posts as Record<string, unknown>;

  it('are there for every post of post-meta.ts, and for no other', () => {
    expect(Object.keys(texts).sort()).toEqual([...ids].sort());
    const posts = postList(postMeta, texts);
    expect(posts.map((post) => post.id)).toEqual(ids);
    for (const post of posts) expect(post.tags.length, post.id).toBeGreaterThanOrEqual(3);
  });
});

describe('the Burmese list', () => {
  it('is in Burmese: the title, summary and author and a tag of each post', () => {
    for (const post of postList(postMeta, my.posts)) {
      for (const text of [post.title, post.summary, post.author]) {
        expect(text, post.id).toMatch(myanmarScript);
      }
      expect(
        post.tags.some((tag) => myanmarScript.test(tag)),
        post.id,
      ).toBe(true);
    }
  });
});

describe('postList', () => {
  const texts = en.posts as Record<string, unknown>;
  const without = (id: string) =>
    Object.fromEntries(Object.entries(texts).filter(([key]) => key !== id));

  it('refuses a bundle without texts, a post without its words or with an empty title', () => {
    expect(() => postList(postMeta, undefined)).toThrow('no texts');
    expect(() => postList(postMeta, 'posts')).toThrow('no texts');
    expect(() => postList(postMeta, without('mmqr-payments-explained'))).toThrow(
      'no text for mmqr-payments-explained',
    );
    const untitled = {
      ...texts,
      'mmqr-payments-explained': { ...en.posts['mmqr-payments-explained'], title: '' },
    };
    expect(() => postList(postMeta, untitled)).toThrow('no text for mmqr-payments-explained');
    const untagged = {
      ...texts,
      'mmqr-payments-explained': { ...en.posts['mmqr-payments-explained'], tags: 'MMQR' },
    };
    expect(() => postList(postMeta, untagged)).toThrow('no text for mmqr-payments-explained');
  });

  it('keeps post-meta.ts’s order and metadata', () => {
    const [first] = postList(postMeta, texts);
    expect(first).toEqual({
      id: 'myanmar-tourist-esim-activation-guide',
      category: 'travel',
      readTime: 8,
      date: '2026-10-02',
      title: 'Arriving in Myanmar: activate your eSIM in five minutes',
      summary: expect.stringMatching(/^A step-by-step checklist for travellers/),
      author: 'Thiri Aung',
      tags: ['Activation', 'Tourists', 'Airport', 'iPhone', 'Android'],
    });
  });
});

describe('the articles', () => {
  it.each<Language>(['en', 'my'])(
    'in %s are one per post, of several paragraphs and sections',
    async (language) => {
      const bodies = await loadArticleBodies(language);
      expect(Object.keys(bodies).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const blocks = parseMarkdown(bodies[id]!);
        expect(
          blocks.filter((block) => block.type === 'paragraph').length,
          id,
        ).toBeGreaterThanOrEqual(2);
        expect(
          blocks.filter((block) => block.type === 'heading').length,
          id,
        ).toBeGreaterThanOrEqual(3);
        if (language === 'my') expect(bodies[id], id).toMatch(myanmarScript);
      }
    },
  );

  it('refuse a chunk that is unreadable or misses a post', () => {
    expect(() => readArticleBodies(postMeta, 42)).toThrow('unreadable');
    expect(() => readArticleBodies(postMeta, ['a list'])).toThrow('unreadable');
    expect(() => readArticleBodies(postMeta, {})).toThrow(/no article for/);
  });
});

describe('formatPostDate', () => {
  it('writes a post date for the UI language', () => {
    expect(formatPostDate('2026-10-02', 'en')).toBe('2 October 2026');
    expect(formatPostDate('2026-10-02', 'my')).toBe('၂၀၂၆ အောက်တိုဘာ ၂');
    expect(formatPostDate('someday', 'en')).toBe('someday');
  });
});
