import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../lib/markdown';

type LinkNode = Extract<Inline, { type: 'link' }>;

/** Renders a link; its words, already rendered, come as `children`. */
export type LinkRenderer = (link: LinkNode, children: ReactNode, key: number) => ReactNode;

const wordsOnly: LinkRenderer = (_, children, key) => <Fragment key={key}>{children}</Fragment>;

function renderInline(nodes: Inline[], renderLink: LinkRenderer): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={index}>{renderInline(node.children, renderLink)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children, renderLink)}</em>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'link':
        return renderLink(node, renderInline(node.children, renderLink), index);
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
 * Markdown (the subset of src/lib/markdown.ts) as React elements. Text always goes in as text,
 * so nothing a model or a post says is ever treated as HTML.
 */
export function Markdown({ source, heading, lines, renderLink = wordsOnly }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const inline = (nodes: Inline[]) => renderInline(nodes, renderLink);
  return blocks.map((block, index) => {
    if (block.type === 'heading') {
      return heading === 'h3' ? (
        <h3 key={index}>{inline(block.children)}</h3>
      ) : (
        <p key={index}>
          <strong>{inline(block.children)}</strong>
        </p>
      );
    }
    if (block.type === 'list') {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={index}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{inline(item)}</li>
          ))}
        </List>
      );
    }
    return (
      <p key={index}>
        {block.lines.map((line, lineIndex) => (
          <Fragment key={lineIndex}>
            {lineIndex > 0 && (lines === 'break' ? <br /> : ' ')}
            {inline(line)}
          </Fragment>
        ))}
      </p>
    );
  });
}
