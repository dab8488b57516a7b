/**
 * The small markdown-like language of blog posts: `## heading`, paragraphs separated by blank
 * lines, `- ` bullets, `1. ` numbered items, `**bold**` and `*italic*`. Parsed into plain data
 * that React renders as elements, so no post text is ever treated as HTML.
 */
export type Inline = { kind: 'text' | 'strong' | 'em'; text: string };

export type MarkdownBlock =
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const inlinePattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;

export function parseInline(text: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    if (match.index > last) inlines.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) inlines.push({ kind: 'strong', text: match[1] });
    else if (match[2] !== undefined) inlines.push({ kind: 'em', text: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ kind: 'text', text: text.slice(last) });
  return inlines;
}

const headingLine = /^#{1,6}\s+(.*)$/;
const bulletLine = /^[-*]\s+(.*)$/;
const numberedLine = /^\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
  };
  const addItem = (ordered: boolean, text: string) => {
    flushParagraph();
    const last = blocks.at(-1);
    if (last?.kind === 'list' && last.ordered === ordered) last.items.push(parseInline(text));
    else blocks.push({ kind: 'list', ordered, items: [parseInline(text)] });
  };

  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = headingLine.exec(line);
    const bullet = bulletLine.exec(line);
    const numbered = numberedLine.exec(line);
    if (line === '') {
      flushParagraph();
    } else if (heading?.[1] !== undefined) {
      flushParagraph();
      blocks.push({ kind: 'heading', inlines: parseInline(heading[1]) });
    } else if (bullet?.[1] !== undefined) {
      addItem(false, bullet[1]);
    } else if (numbered?.[1] !== undefined) {
      addItem(true, numbered[1]);
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  return blocks;
}
