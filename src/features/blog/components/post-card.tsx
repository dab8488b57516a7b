import { useTranslation } from 'react-i18next';
import { MAX_CARD_TAGS, type BlogPost } from '../lib/blog-post';
import { formatPostDate } from '../lib/format-post-date';
import { PostBadges, PostByline } from './post-meta-line';

type PostCardProps = { post: BlogPost; onRead: (post: BlogPost) => void };

/** A post in the grid: badges, title, summary, up to three tags, byline, Read Full Article. */
export function PostCard({ post, onRead }: PostCardProps) {
  const { t, i18n } = useTranslation('blog');
  const titleId = `post-${post.id}`;
  return (
    <article className="post-card card" aria-labelledby={titleId}>
      <PostBadges post={post} />
      <h2 id={titleId} className="post-card__title">
        {post.title}
      </h2>
      <p className="post-card__summary">{post.summary}</p>
      <ul className="post-card__tags" aria-label={t('tags')}>
        {post.tags.slice(0, MAX_CARD_TAGS).map((tag) => (
          <li key={tag}>#{tag}</li>
        ))}
      </ul>
      <PostByline post={post} formattedDate={formatPostDate(post.date, i18n.language)} />
      <button
        type="button"
        className="button post-card__read"
        aria-haspopup="dialog"
        aria-label={`${t('readMore')}: ${post.title}`}
        onClick={() => onRead(post)}
      >
        {t('readMore')}
      </button>
    </article>
  );
}
