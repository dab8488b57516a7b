import type { BlogPost, BlogPostMeta, BlogPostText } from './blog-post';

const filled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

const isText = (value: unknown): value is BlogPostText => {
  if (typeof value !== 'object' || value === null) return false;
  const text = value as Record<string, unknown>;
  return (
    filled(text.title) &&
    filled(text.summary) &&
    filled(text.author) &&
    Array.isArray(text.tags) &&
    text.tags.every(filled)
  );
};

/**
 * The list: each post of `meta`, in its order, with its words from the blog's text bundle
 * (`posts`, keyed by id). Throws when a post has no words, so a missing translation fails loudly
 * (the build's pre-rendering, the route's error screen), never as a card without a title.
 */
export function postList(meta: readonly BlogPostMeta[], texts: unknown): BlogPost[] {
  if (typeof texts !== 'object' || texts === null) {
    throw new Error('Blog posts: no texts in the bundle');
  }
  return meta.map((item) => {
    const text: unknown = (texts as Record<string, unknown>)[item.id];
    if (!isText(text)) throw new Error(`Blog posts: no text for ${item.id}`);
    return {
      ...item,
      title: text.title,
      summary: text.summary,
      author: text.author,
      tags: text.tags,
    };
  });
}
