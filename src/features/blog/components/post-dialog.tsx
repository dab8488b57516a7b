import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown';
import { Modal } from '../../../components/ui/modal';
import type { BlogPost } from '../lib/blog-post';
import { formatPostDate } from '../lib/format-post-date';
import { PostBadges, PostByline } from './post-meta-line';

type PostDialogProps = { post: BlogPost | undefined; onClose: () => void };

/** The full article in an accessible dialog. */
export function PostDialog({ post, onClose }: PostDialogProps) {
  const { t, i18n } = useTranslation('blog');
  const titleId = useId();
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
          <div className="post-dialog__body" tabIndex={0} role="region" aria-labelledby={titleId}>
            <p className="post-dialog__summary">{post.summary}</p>
            {/* Sections are h3 under the title's h2; a paragraph's lines run on; no links. */}
            <Markdown source={post.content} heading="h3" lines="run-on" />
          </div>
        </>
      ) : null}
    </Modal>
  );
}
