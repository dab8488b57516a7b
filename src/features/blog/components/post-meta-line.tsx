import { useTranslation } from 'react-i18next';
import type { BlogPost } from '../lib/blog-post';
import { formatNumber } from '../../../lib/i18n/format';

/** Category badge and reading time, shown on a card and atop an open article. */
export function PostBadges({ post }: { post: BlogPost }) {
  const { t, i18n } = useTranslation('blog');
  return (
    <p className="post-badges">
      <span className={`post-badges__category post-badges__category--${post.category}`}>
        {t(`categories.${post.category}`)}
      </span>
      <span className="post-badges__time">
        {t('readTime', { minutes: formatNumber(post.readTime, i18n.language) })}
      </span>
    </p>
  );
}

/** Author and date. */
export function PostByline({ post, formattedDate }: { post: BlogPost; formattedDate: string }) {
  const { t } = useTranslation('blog');
  return (
    <p className="post-byline">
      <span>{t('byline', { author: post.author })}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={post.date}>{formattedDate}</time>
    </p>
  );
}
