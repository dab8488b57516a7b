import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '../../lib/markdown';
import './markdown.css';

type LinkNode = Extract<Inline, { type: 'link' }>;

/** Renders a link; its words, already rendered, come as `children`. */
export type LinkRenderer = (link: LinkNode, children: ReactNode, key: number) => ReactNode;

const wordsOnly: LinkRenderer = (_, children, key) => <Fragment key={key}>{children}</Fragment>;

function renderInline(
  nodes: Inline[],
  renderLink: LinkRenderer,
  lines: MarkdownProps['lines'],
): ReactNode {
  const inner = (children: Inline[]) => renderInline(children, renderLink, lines);
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'break':
        return lines === 'break' ? <br key={index} /> : <Fragment key={index}> </Fragment>;
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={index}>{inner(node.children)}</strong>;
      case 'em':
        return <em key={index}>{inner(node.children)}</em>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'link':
        return renderLink(node, inner(node.children), index);
    }
  });
}

type MarkdownProps = {
  source: string;
  /** A heading as an h3 (under an article's h2 title) or as a bold line (in a chat bubble). */
  heading: 'h3' | 'bold-line';
  /** A paragraph's lines kept as line breaks, or run on as one paragraph. */
  lines: 'break' | 'run-on';
  /** How links show; by default only their words. */
  renderLink?: LinkRenderer;
};

/**
 * Markdown (CommonMark, parsed by src/lib/markdown.ts) as React elements. Text always goes in as
 * text, so nothing a model or a post says is ever treated as HTML; links go through `renderLink`.
 */
export function Markdown({ source, heading, lines, renderLink = wordsOnly }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const inline = (nodes: Inline[]) => renderInline(nodes, renderLink, lines);

  const renderBlocks = (list: Block[], tight = false): ReactNode =>
    list.map((block, index) => {
      switch (block.type) {
        case 'heading':
          return heading === 'h3' ? (
            <h3 key={index}>{inline(block.children)}</h3>
          ) : (
            <p key={index}>
              <strong>{inline(block.children)}</strong>
            </p>
          );
        case 'list': {
          const items = block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{renderBlocks(item, block.tight)}</li>
          ));
          return block.ordered ? (
            <ol key={index} start={block.start === 1 ? undefined : block.start}>
              {items}
            </ol>
          ) : (
            <ul key={index}>{items}</ul>
          );
        }
        case 'code':
          return (
            <pre key={index} className="markdown-code">
              <code>{block.text}</code>
            </pre>
          );
        case 'quote':
          return <blockquote key={index}>{renderBlocks(block.children)}</blockquote>;
        case 'paragraph':
          // In a tight list an item's text stands in the item, as CommonMark renders it.
          return tight ? (
            <Fragment key={index}>{inline(block.children)}</Fragment>
          ) : (
            <p key={index}>{inline(block.children)}</p>
          );
      }
    });

  return renderBlocks(blocks);
}
