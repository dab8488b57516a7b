import type { Nodes as MdastNode, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * The Markdown of the shop's texts (the chat's replies and the blog's posts), parsed by a
 * maintained CommonMark parser (micromark, through mdast-util-from-markdown: decision 032) and
 * turned into a small tree of plain data. Each feature turns the tree into React elements its
 * own way, so nothing a model or a post says is ever treated as HTML: raw HTML stays text, and a
 * link is only a target for the caller's link policy to judge.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  /** A line ending inside a paragraph: a line break or a space, as the renderer is told. */
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  /** `start` is the first number of an ordered list; `tight` lists have no paragraph spacing. */
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'code'; language: string | null; text: string }
  | { type: 'quote'; children: Block[] };

/**
 * Deeper nesting than this (lists in lists, quotes in quotes) is kept as its text: React and our
 * own recursion stay shallow whatever the input, and no reply needs more.
 */
const MAX_DEPTH = 6;

/** The text of a node and everything under it, without recursion. */
function textOf(node: MdastNode): string {
  let text = '';
  const stack: MdastNode[] = [node];
  while (stack.length) {
    const current = stack.pop() as MdastNode;
    if ('value' in current && typeof current.value === 'string') text += current.value;
    else if (current.type === 'image' || current.type === 'imageReference')
      text += current.alt ?? '';
    else if (current.type === 'break') text += '\n';
    if ('children' in current) stack.push(...[...current.children].reverse());
  }
  return text;
}

/** Text with its line endings as breaks. */
function textWithBreaks(value: string): Inline[] {
  const out: Inline[] = [];
  value.split('\n').forEach((line, index) => {
    if (index > 0) out.push({ type: 'break' });
    if (line) out.push({ type: 'text', text: line });
  });
  return out;
}

/** The inline nodes, neighbouring texts joined (raw HTML between words stays one text). */
function inlines(nodes: PhrasingContent[], depth: number): Inline[] {
  const out: Inline[] = [];
  for (const next of nodes.flatMap((node) => inline(node, depth))) {
    const last = out.at(-1);
    if (last?.type === 'text' && next.type === 'text') last.text += next.text;
    else out.push(next);
  }
  return out;
}

function inline(node: PhrasingContent, depth: number): Inline[] {
  if (depth > MAX_DEPTH) return textWithBreaks(textOf(node));
  switch (node.type) {
    // Raw HTML is shown as what it is: text.
    case 'text':
    case 'html':
      return textWithBreaks(node.value);
    case 'break':
      return [{ type: 'break' }];
    case 'strong':
      return [{ type: 'strong', children: inlines(node.children, depth + 1) }];
    case 'emphasis':
      return [{ type: 'em', children: inlines(node.children, depth + 1) }];
    case 'inlineCode':
      return [{ type: 'code', text: node.value }];
    case 'link':
      return [{ type: 'link', href: node.url, children: inlines(node.children, depth + 1) }];
    case 'image':
    case 'imageReference':
      // No images from a reply or a post: their words, if any.
      return node.alt ? [{ type: 'text', text: node.alt }] : [];
    default:
      // A reference link without a definition and anything newer: its words.
      return textWithBreaks(textOf(node));
  }
}

function blocks(nodes: RootContent[], depth: number): Block[] {
  return nodes.flatMap((node) => block(node, depth));
}

function block(node: RootContent, depth: number): Block[] {
  if (depth > MAX_DEPTH) {
    const text = textOf(node);
    return text ? [{ type: 'paragraph', children: textWithBreaks(text) }] : [];
  }
  switch (node.type) {
    case 'paragraph':
      return [{ type: 'paragraph', children: inlines(node.children, depth) }];
    case 'heading':
      return [{ type: 'heading', children: inlines(node.children, depth) }];
    case 'list':
      return [
        {
          type: 'list',
          ordered: node.ordered === true,
          start: node.start ?? 1,
          tight: node.spread !== true && node.children.every((item) => item.spread !== true),
          items: node.children.map((item) => blocks(item.children, depth + 1)),
        },
      ];
    case 'code':
      return [{ type: 'code', language: node.lang ?? null, text: node.value }];
    case 'blockquote':
      return [{ type: 'quote', children: blocks(node.children, depth + 1) }];
    case 'html':
      // An HTML block (`<img onerror=…>` on a line of its own) is a paragraph of its text.
      return [{ type: 'paragraph', children: textWithBreaks(node.value) }];
    case 'thematicBreak':
    case 'definition':
      return [];
    default: {
      const text = textOf(node);
      return text ? [{ type: 'paragraph', children: textWithBreaks(text) }] : [];
    }
  }
}

/** The blocks of a Markdown text (CommonMark), as plain data. */
export function parseMarkdown(source: string): Block[] {
  return blocks(fromMarkdown(source).children, 0);
}
