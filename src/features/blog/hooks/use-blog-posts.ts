import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../lib/i18n/languages';
import type { BlogPost } from '../lib/blog-post';
import type { LoadPosts } from '../lib/load-posts';

export type BlogPostsState =
  { status: 'loading' } | { status: 'ready'; posts: BlogPost[] } | { status: 'error' };

/** The posts of the UI language: loading, then ready or error; `retry` loads them again. */
export function useBlogPosts(language: Language, load: LoadPosts) {
  const [state, setState] = useState<BlogPostsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load(language).then(
      (posts) => {
        if (current) setState({ status: 'ready', posts });
      },
      (error: unknown) => {
        console.info('Blog posts could not be loaded', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [language, load, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
