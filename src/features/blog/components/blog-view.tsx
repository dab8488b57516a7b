import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { env } from '../../../config/env';
import { useBlogPosts } from '../hooks/use-blog-posts';
import type { BlogPost } from '../lib/blog-post';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { loadBlogPosts, type LoadPosts } from '../lib/load-posts';
import { CategoryFilter, type CategoryChoice } from './category-filter';
import { NewsletterForm } from './newsletter-form';
import { PostCard } from './post-card';
import { PostDialog } from './post-dialog';
import '../blog.css';

type BlogViewProps = {
  /** Where the posts come from (the language's bundle unless a test says otherwise). */
  loadPosts?: LoadPosts;
  /** The newsletter endpoint (VITE_NEWSLETTER_URL unless a test says otherwise). */
  newsletterEndpoint?: string;
};

/** The blog: category filters, the grid of posts, the open article and Stay Updated. */
export function BlogView({
  loadPosts = loadBlogPosts,
  newsletterEndpoint = env.newsletterUrl,
}: BlogViewProps) {
  const { t, i18n } = useTranslation('blog');
  const language = toLanguage(i18n.language);
  const { state, retry } = useBlogPosts(language, loadPosts);
  const [category, setCategory] = useState<CategoryChoice>('all');
  // The open post is kept by id, so that it follows a change of language.
  const [openId, setOpenId] = useState<string | undefined>(undefined);

  const posts = state.status === 'ready' ? state.posts : [];
  const visible = posts.filter((post) => category === 'all' || post.category === category);
  const openPost = posts.find((post) => post.id === openId);

  return (
    <div className="page container blog">
      <PageMeta page="blog" />
      <header className="blog__header">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <CategoryFilter value={category} onChange={setCategory} />

      {state.status === 'loading' ? (
        <div className="blog__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      ) : null}

      {state.status === 'error' ? (
        <div className="alert alert--danger blog__error" role="alert">
          <p>{t('loadError')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {state.status === 'ready' ? (
        <>
          <p className="visually-hidden" role="status">
            {t('shown', { total: formatNumber(visible.length, language) })}
          </p>
          {visible.length > 0 ? (
            <ul className="blog__grid">
              {visible.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} onRead={(read: BlogPost) => setOpenId(read.id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="blog__empty">{t('empty')}</p>
          )}
        </>
      ) : null}

      <NewsletterForm endpoint={newsletterEndpoint} />
      <PostDialog post={openPost} onClose={() => setOpenId(undefined)} />
    </div>
  );
}
