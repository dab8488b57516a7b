/** A legal section's body: paragraphs, and runs of "- " lines that form a bulleted list. */
export type LegalBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const listMarker = /^- /;

/** Groups consecutive "- " lines into lists; every other line is a paragraph. */
export function toLegalBlocks(lines: readonly string[]): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const line of lines) {
    if (listMarker.test(line)) {
      const item = line.replace(listMarker, '');
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

export type TextLink = { text: string; href: string };
export type TextPiece = { text: string; href?: string };

/** Cuts text into plain pieces and pieces that equal one of `links` (e.g. the support email). */
export function linkPieces(text: string, links: readonly TextLink[]): TextPiece[] {
  const usable = links.filter((link) => link.text.length > 0);
  if (usable.length === 0) return [{ text }];
  const escaped = usable.map((link) => link.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`);
  return text
    .split(pattern)
    .filter((piece) => piece.length > 0)
    .map((piece) => {
      const link = usable.find((candidate) => candidate.text === piece);
      return link ? { text: piece, href: link.href } : { text: piece };
    });
}
