import { describe, expect, it } from 'vitest';
import { pageFragment } from '../../../scripts/prerender';
import en from '../../../locales/en/blog.json';
import { prerenderPage } from '../../../src/app/prerender';
import { postList } from '../../../src/features/blog/lib/post-list';
import { postMeta } from '../../../src/features/blog/posts/post-meta';

describe('the pre-rendered copy of /blog (decisions 062, 066)', () => {
  it('carries the seven cards, not a spinner in their place', async () => {
    const container = document.createElement('div');
    container.innerHTML = pageFragment(await prerenderPage('/blog'));
    const main = container.querySelector('main')!;
    const cards = [...main.querySelectorAll('article')];
    expect(cards.map((card) => card.querySelector('h2')?.textContent)).toEqual(
      postList(postMeta, en.posts).map((post) => post.title),
    );
    expect(cards[0]?.textContent).toContain('By Thiri Aung');
    expect(cards[0]?.querySelector('time')?.textContent).toBe('2 October 2026');
    expect(main.querySelector('.spinner, [aria-busy="true"]')).toBeNull();
    expect(main.textContent).not.toMatch(/Loading/);
    expect(main.textContent).toContain('Posts shown: 7');
  });
});
