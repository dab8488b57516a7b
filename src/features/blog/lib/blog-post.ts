/** Blog categories (SPEC §3), in the order of the filter buttons. */
export const blogCategories = ['travel', 'technology', 'news', 'tips'] as const;
export type BlogCategory = (typeof blogCategories)[number];

/** What a post is, whatever the language: its id, category, reading time and date. */
export type BlogPostMeta = {
  id: string;
  category: BlogCategory;
  /** Minutes (4 to 8 in the sample posts). */
  readTime: number;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
};

/** The words of a post's card in one language (the blog's text bundle, `posts.<id>`). */
export type BlogPostText = {
  title: string;
  summary: string;
  author: string;
  tags: string[];
};

/** A post as the list shows it; its article is loaded apart (lib/article-bodies). */
export type BlogPost = BlogPostMeta & BlogPostText;

/** Cards show at most this many tags. */
export const MAX_CARD_TAGS = 3;
