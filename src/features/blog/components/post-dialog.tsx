import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown';
import { Modal } from '../../../components/ui/modal';
import type { BlogPost } from '../lib/blog-post';
import { formatPostDate } from '../lib/format-post-date';
import { PostBadges, PostByline } from './post-meta-line';

/** The open post's article: still loading, there, or not loadable (then "Try again"). */
export type ArticleState =
  { status: 'loading' } | { status: 'ready'; content: string } | { status: 'error' };

type PostDialogProps = {
  post: BlogPost | undefined;
  article: ArticleState;
  onRetry: () => void;
  onClose: () => void;
};

/** The full article in an accessible dialog; its heading and summary show while it loads. */
export function PostDialog({ post, article, onRetry, onClose }: PostDialogProps) {
  const { t, i18n } = useTranslation('blog');
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal open={post !== undefined} onClose={onClose} labelledBy={titleId} className="post-dialog">
      {post ? (
        <>
          <header className="post-dialog__header">
            <div className="post-dialog__heading">
              <PostBadges post={post} />
              <h2 id={titleId} className="post-dialog__title">
                {post.title}
              </h2>
              <PostByline post={post} formattedDate={formatPostDate(post.date, i18n.language)} />
            </div>
            <button type="button" className="icon-button" onClick={onClose}>
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">{t('close')}</span>
            </button>
          </header>
          <div
            ref={body}
            className="post-dialog__body"
            tabIndex={0}
            role="region"
            aria-labelledby={titleId}
            aria-busy={article.status === 'loading'}
          >
            <p className="post-dialog__summary">{post.summary}</p>
            {article.status === 'ready' ? (
              // Sections are h3 under the title's h2; a paragraph's lines run on; no links.
              <Markdown source={article.content} heading="h3" lines="run-on" />
            ) : null}
            {article.status === 'loading' ? (
              <div className="post-dialog__loading" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('article.loading')}</span>
              </div>
            ) : null}
            {article.status === 'error' ? (
              <div className="alert alert--danger post-dialog__error" role="alert">
                <p>{t('article.loadError')}</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    // The button goes away while loading: focus stays in the article, not on <body>.
                    body.current?.focus();
                    onRetry();
                  }}
                >
                  {t('retry')}
                </button>
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </Modal>
  );
}
