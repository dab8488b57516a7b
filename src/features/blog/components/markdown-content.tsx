import { Fragment } from 'react';
import { parseMarkdown, type Inline } from '../lib/markdown';

function InlineText({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, index) => {
        if (inline.kind === 'strong') return <strong key={index}>{inline.text}</strong>;
        if (inline.kind === 'em') return <em key={index}>{inline.text}</em>;
        return <Fragment key={index}>{inline.text}</Fragment>;
      })}
    </>
  );
}

/**
 * A post's markdown-like text as React elements (never as HTML). Its `## ` headings are h3: the
 * post title above them is an h2.
 */
export function MarkdownContent({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <h3 key={index}>
              <InlineText inlines={block.inlines} />
            </h3>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText inlines={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={index}>
            <InlineText inlines={block.inlines} />
          </p>
        );
      })}
    </>
  );
}
