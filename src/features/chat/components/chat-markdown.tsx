import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown, type LinkRenderer } from '../../../components/ui/markdown';
import type { RouteName } from '#domain/paths';
import { resolveChatLink } from '../lib/chat-links';

type ChatMarkdownProps = {
  text: string;
  /** Called when a link to a page of the shop is chosen. */
  onNavigate: (route: RouteName) => void;
};

/**
 * A reply's Markdown as React elements. Text always goes in as text (React escapes it), links
 * to the shop become buttons, safe external links open in a new tab, any other link is text.
 */
export function ChatMarkdown({ text, onNavigate }: ChatMarkdownProps) {
  const { t } = useTranslation('chat');

  const renderLink: LinkRenderer = (node, children, key) => {
    const link = resolveChatLink(node.href, window.location);
    if (link.kind === 'route') {
      return (
        <button
          key={key}
          type="button"
          className="chat-link"
          onClick={() => onNavigate(link.route)}
        >
          {children}
        </button>
      );
    }
    if (link.kind === 'external') {
      const web = /^https?:/.test(link.href);
      return (
        <a
          key={key}
          href={link.href}
          {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {children}
          {web && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
        </a>
      );
    }
    return <Fragment key={key}>{children}</Fragment>;
  };

  return (
    <div className="chat-markdown">
      <Markdown source={text} heading="bold-line" lines="break" renderLink={renderLink} />
    </div>
  );
}
