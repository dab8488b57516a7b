import type { BlogPostMeta } from '../lib/blog-post';

/**
 * The seven published posts, newest first (the list's order). Their cards' words are in the
 * blog's text bundles (locales/<language>/blog.json, `posts.<id>`), their articles in
 * ./bodies-<language>.json.
 */
export const postMeta: readonly BlogPostMeta[] = [
  {
    id: 'myanmar-tourist-esim-activation-guide',
    category: 'travel',
    readTime: 8,
    date: '2026-10-02',
  },
  { id: 'save-mobile-data-travel-tips', category: 'tips', readTime: 5, date: '2026-08-22' },
  { id: 'yangon-bagan-mandalay-connectivity', category: 'travel', readTime: 5, date: '2026-07-18' },
  {
    id: 'choose-operator-mpt-atom-ooredoo-mytel',
    category: 'tips',
    readTime: 5,
    date: '2026-06-10',
  },
  { id: 'mmqr-payments-explained', category: 'technology', readTime: 6, date: '2026-05-06' },
  { id: 'ai-payment-verification-launch', category: 'news', readTime: 4, date: '2026-03-12' },
  { id: 'esim-technology-myanmar-2025', category: 'technology', readTime: 7, date: '2025-09-15' },
];
