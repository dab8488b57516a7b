import { Fragment } from 'react';
import { renderInline as inline } from '../../../components/ui/markdown-inline';
import { parseMarkdown } from '../../../lib/markdown';

/**
 * A post's text as React elements (never as HTML). Its `## ` headings are h3: the post title
 * above them is an h2. The lines of a paragraph run on as one paragraph. Posts carry no links; a
 * link's words stay as text.
 */
export function MarkdownContent({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, index) => {
        if (block.type === 'heading') return <h3 key={index}>{inline(block.children)}</h3>;
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
                {lineIndex > 0 && ' '}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
