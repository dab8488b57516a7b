import { Fragment, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../../config/paths';
import { resolveChatLink } from '../lib/chat-links';
import { renderInline } from '../../../components/ui/markdown-inline';
import { parseMarkdown, type Inline } from '../../../lib/markdown';

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
  const blocks = useMemo(() => parseMarkdown(text), [text]);

  const inline = (nodes: Inline[]): ReactNode =>
    renderInline(nodes, (node, children, key) => {
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
    });

  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => {
        if (block.type === 'paragraph') {
          return (
            <p key={index}>
              {block.lines.map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {inline(line)}
                </Fragment>
              ))}
            </p>
          );
        }
        if (block.type === 'heading') {
          return (
            <p key={index}>
              <strong>{inline(block.children)}</strong>
            </p>
          );
        }
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
