import type { Language } from '../../../lib/i18n/languages';
import { postMeta } from '../posts/post-meta';
import type { BlogPost, BlogPostMeta, BlogPostText } from './blog-post';

/** Loads the posts of one language; rejects when they cannot be loaded. */
export type LoadPosts = (language: Language) => Promise<BlogPost[]>;

/** Each language's posts are their own chunk, fetched only when the blog opens. */
const bundles: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import('../posts/posts-en.json'),
  my: () => import('../posts/posts-my.json'),
};

const isText = (value: unknown): value is BlogPostText => {
  if (typeof value !== 'object' || value === null) return false;
  const post = value as Record<string, unknown>;
  return (
    ['id', 'title', 'summary', 'author', 'content'].every(
      (key) => typeof post[key] === 'string' && (post[key] as string).length > 0,
    ) &&
    Array.isArray(post.tags) &&
    post.tags.every((tag) => typeof tag === 'string')
  );
};

/** Joins each post's metadata with its words; fails if any post lacks them. */
export function mergePosts(meta: readonly BlogPostMeta[], texts: unknown): BlogPost[] {
  if (!Array.isArray(texts) || !texts.every(isText)) {
    throw new Error('Blog posts: unreadable bundle');
  }
  return meta.map((item) => {
    const text = texts.find((candidate) => candidate.id === item.id);
    if (!text) throw new Error(`Blog posts: no text for ${item.id}`);
    return {
      ...item,
      title: text.title,
      summary: text.summary,
      author: text.author,
      tags: text.tags,
      content: text.content,
    };
  });
}

export const loadBlogPosts: LoadPosts = async (language) => {
  const bundle = await bundles[language]();
  return mergePosts(postMeta, bundle.default);
};
