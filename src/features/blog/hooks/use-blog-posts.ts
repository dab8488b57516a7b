import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../lib/i18n/languages';
import type { BlogPost } from '../lib/blog-post';
import type { LoadPosts } from '../lib/load-posts';

export type BlogPostsState =
  { status: 'loading' } | { status: 'ready'; posts: BlogPost[] } | { status: 'error' };

type Settled = {
  language: Language;
  load: LoadPosts;
  attempt: number;
  state: Exclude<BlogPostsState, { status: 'loading' }>;
};

/**
 * The posts of the UI language: loading, then ready or error; `retry` loads them again. A new
 * language or attempt is loading until its own answer comes (derived, not reset in an effect).
 */
export function useBlogPosts(language: Language, load: LoadPosts) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    let current = true;
    const settle = (state: Settled['state']) => {
      if (current) setSettled({ language, load, attempt, state });
    };
    load(language).then(
      (posts) => settle({ status: 'ready', posts }),
      (error: unknown) => {
        console.info('Blog posts could not be loaded', error);
        settle({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [language, load, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const state: BlogPostsState =
    settled?.language === language && settled.load === load && settled.attempt === attempt
      ? settled.state
      : { status: 'loading' };
  return { state, retry };
}
