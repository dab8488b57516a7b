import { Fragment, type ReactNode } from 'react';
import type { Inline } from '../../lib/markdown';

type LinkNode = Extract<Inline, { type: 'link' }>;

/**
 * Inline Markdown runs (see src/lib/markdown.ts) as React elements; text always goes in as text.
 * A link is the caller's to render (its words, already rendered, come as `children`); by default
 * only its words are shown.
 */
export function renderInline(
  nodes: Inline[],
  renderLink: (link: LinkNode, children: ReactNode, key: number) => ReactNode = (
    _,
    children,
    key,
  ) => <Fragment key={key}>{children}</Fragment>,
): ReactNode {
  const render = (list: Inline[]): ReactNode =>
    list.map((node, index) => {
      switch (node.type) {
        case 'text':
          return <Fragment key={index}>{node.text}</Fragment>;
        case 'strong':
          return <strong key={index}>{render(node.children)}</strong>;
        case 'em':
          return <em key={index}>{render(node.children)}</em>;
        case 'code':
          return <code key={index}>{node.text}</code>;
        case 'link':
          return renderLink(node, render(node.children), index);
      }
    });
  return render(nodes);
}
