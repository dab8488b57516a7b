import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { env } from '../../../config/env';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { useArticleBodies, type ArticleBodiesState } from '../hooks/use-article-bodies';
import { loadArticleBodies, type LoadArticleBodies } from '../lib/article-bodies';
import type { BlogPost, BlogPostMeta } from '../lib/blog-post';
import { postList } from '../lib/post-list';
import { postMeta } from '../posts/post-meta';
import { CategoryFilter, type CategoryChoice } from './category-filter';
import { NewsletterForm } from './newsletter-form';
import { PostCard } from './post-card';
import { PostDialog, type ArticleState } from './post-dialog';
import '../blog.css';

type BlogViewProps = {
  /** The published posts (posts/post-meta.ts unless a test says otherwise). */
  meta?: readonly BlogPostMeta[];
  /** Where the articles come from (the language's chunk unless a test says otherwise). */
  loadBodies?: LoadArticleBodies;
  /** The newsletter endpoint (VITE_NEWSLETTER_URL unless a test says otherwise). */
  newsletterEndpoint?: string;
};

function articleOf(bodies: ArticleBodiesState, id: string | undefined): ArticleState {
  if (bodies.status !== 'ready') return bodies;
  const content = id === undefined ? undefined : bodies.bodies[id];
  return content === undefined ? { status: 'error' } : { status: 'ready', content };
}

/**
 * The blog: category filters, the grid of posts, the open article and Stay Updated. The list's
 * words are in the blog's text bundle, so the first render (and the pre-rendered copy) shows
 * it; only the articles load afterwards (decision 066).
 */
export function BlogView({
  meta = postMeta,
  loadBodies = loadArticleBodies,
  newsletterEndpoint = env.newsletterUrl,
}: BlogViewProps) {
  const { t, i18n } = useTranslation('blog');
  const language = toLanguage(i18n.language);
  const posts = postList(meta, t('posts', { returnObjects: true }));
  const bodies = useArticleBodies(language, loadBodies);
  const [category, setCategory] = useState<CategoryChoice>('all');
  // The open post is kept by id, so that it follows a change of language.
  const [openId, setOpenId] = useState<string | undefined>(undefined);

  const visible = posts.filter((post) => category === 'all' || post.category === category);
  const openPost = posts.find((post) => post.id === openId);

  function read(post: BlogPost) {
    setOpenId(post.id);
    // The background load failed (a dropped connection, say): opening a post tries again.
    if (bodies.state.status === 'error') bodies.retry();
  }

  return (
    <div className="page container blog">
      <PageMeta page="blog" />
      <header className="blog__header">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <CategoryFilter value={category} onChange={setCategory} />
      <p className="visually-hidden" role="status">
        {t('shown', { total: formatNumber(visible.length, language) })}
      </p>
      {visible.length > 0 ? (
        <ul className="blog__grid">
          {visible.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onRead={read} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="blog__empty">{t('empty')}</p>
      )}
      <NewsletterForm endpoint={newsletterEndpoint} />
      <PostDialog
        post={openPost}
        article={articleOf(bodies.state, openId)}
        onRetry={bodies.retry}
        onClose={() => setOpenId(undefined)}
      />
    </div>
  );
}
