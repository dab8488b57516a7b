/**
 * The small Markdown subset of the shop's texts (the chat's replies and the blog's posts):
 * paragraphs with their lines, bullet and numbered lists, headings, **bold**, *italic*, `code`
 * and [links](target). It only builds a tree of plain data; each feature turns it into React
 * elements its own way, so nothing a model or a post says is ever treated as HTML.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const MAX_DEPTH = 4;

/** Index of the closing `marker` after `from`, or -1 (for `*`/`_`, not one of a pair). */
function findClosing(text: string, marker: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (!text.startsWith(marker, i)) continue;
    if (marker.length === 1 && text[i + 1] === marker) {
      i++;
      continue;
    }
    if (/\s/.test(text[i - 1] ?? ' ')) continue;
    return i;
  }
  return -1;
}

/** `[label](target)` starting at `start`: the label, the target and where it ends. */
function readLink(text: string, start: number) {
  let depth = 0;
  let labelEnd = -1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) {
      labelEnd = i;
      break;
    }
  }
  if (labelEnd < 0 || text[labelEnd + 1] !== '(') return null;
  let parens = 0;
  for (let i = labelEnd + 1; i < text.length; i++) {
    if (text[i] === '(') parens++;
    else if (text[i] === ')' && --parens === 0) {
      const target = text.slice(labelEnd + 2, i).trim();
      const href = target.replace(/^<(.*)>$/, '$1').split(/\s+["']/)[0] ?? '';
      return { label: text.slice(start + 1, labelEnd), href, end: i + 1 };
    }
  }
  return null;
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  const nested = (inner: string) =>
    depth >= MAX_DEPTH ? [{ type: 'text' as const, text: inner }] : parseInline(inner, depth + 1);

  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const next = text[i + 1];
    if (char === '\\' && next !== undefined && /[\\`*_[\]()#+\-.!]/.test(next)) {
      buffer += next;
      i += 2;
      continue;
    }
    if (char === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((char === '*' || char === '_') && next === char && !/\s/.test(text[i + 2] ?? ' ')) {
      const end = findClosing(text, char + char, i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: nested(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (
      (char === '*' || char === '_') &&
      next !== char &&
      !/\s/.test(next ?? ' ') &&
      !(char === '_' && isWordChar(text[i - 1]))
    ) {
      const end = findClosing(text, char, i + 1);
      if (end > i + 1 && !(char === '_' && isWordChar(text[end + 1]))) {
        flush();
        out.push({ type: 'em', children: nested(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = readLink(text, i);
      if (link && link.label.trim()) {
        flush();
        out.push({ type: 'link', href: link.href, children: nested(link.label) });
        i = link.end;
        continue;
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return out;
}

const BULLET = /^\s*[-*+•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const closeParagraph = () => {
    if (paragraph.length)
      blocks.push({ type: 'paragraph', lines: paragraph.map((l) => parseInline(l)) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) {
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        items: list.items.map((item) => parseInline(item)),
      });
    }
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      closeParagraph();
      closeList();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      closeParagraph();
      const ordered = numbered !== null;
      if (list && list.ordered !== ordered) closeList();
      list ??= { ordered, items: [] };
      list.items.push(item[1] ?? '');
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      closeParagraph();
      closeList();
      blocks.push({ type: 'heading', children: parseInline(heading[1] ?? '') });
      continue;
    }
    if (list && /^\s+\S/.test(raw)) {
      // An indented line continues the last list item.
      const items: string[] = (list as { items: string[] }).items;
      items[items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    closeList();
    paragraph.push(line.trim());
  }
  closeParagraph();
  closeList();
  return blocks;
}
