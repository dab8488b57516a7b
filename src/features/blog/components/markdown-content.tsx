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

type MarkdownContentProps = {
  source: string;
  /** Level of `## ` headings inside the post (the post title is one level above). */
  headingLevel?: 3 | 4;
};

/** A post's markdown-like text as React elements (never as HTML). */
export function MarkdownContent({ source, headingLevel = 3 }: MarkdownContentProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      {parseMarkdown(source).map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <Heading key={index}>
              <InlineText inlines={block.inlines} />
            </Heading>
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
