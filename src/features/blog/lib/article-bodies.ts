import type { Language } from '../../../lib/i18n/languages';
import { retryableImport } from '../../../lib/retry-import';
import { postMeta } from '../posts/post-meta';
import type { BlogPostMeta } from './blog-post';

/** Each post's article (markdown-like text) in one language, by post id. */
export type ArticleBodies = Readonly<Record<string, string>>;

/** Loads the articles of one language; rejects when they cannot be loaded. */
export type LoadArticleBodies = (language: Language) => Promise<ArticleBodies>;

/**
 * Each language's articles are their own chunk (most of the blog's bytes), fetched after the
 * list has rendered; a failed fetch is asked for again under a new URL (decision 063).
 */
const chunks: Record<Language, () => Promise<{ default: unknown }>> = {
  en: retryableImport(() => import('../posts/bodies-en.json')),
  my: retryableImport(() => import('../posts/bodies-my.json')),
};

/** The articles of `meta`'s posts from a chunk's JSON; throws if any post lacks one. */
export function readArticleBodies(meta: readonly BlogPostMeta[], json: unknown): ArticleBodies {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('Blog articles: unreadable chunk');
  }
  const bodies = json as Record<string, unknown>;
  return Object.fromEntries(
    meta.map(({ id }) => {
      const body = bodies[id];
      if (typeof body !== 'string' || body.length === 0) {
        throw new Error(`Blog articles: no article for ${id}`);
      }
      return [id, body];
    }),
  );
}

export const loadArticleBodies: LoadArticleBodies = async (language) =>
  readArticleBodies(postMeta, (await chunks[language]()).default);
