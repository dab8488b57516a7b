import { linkPieces, toLegalBlocks, type TextLink } from '../lib/legal-blocks';

type LinkedTextProps = { text: string; links: readonly TextLink[] };

function LinkedText({ text, links }: LinkedTextProps) {
  return (
    <>
      {linkPieces(text, links).map((piece, index) =>
        piece.href ? (
          <a key={index} href={piece.href}>
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

type LegalBodyProps = { lines: readonly string[]; links: readonly TextLink[] };

/** A section's paragraphs and bulleted lists, with the shop's contacts as links. */
export function LegalBody({ lines, links }: LegalBodyProps) {
  return (
    <>
      {toLegalBlocks(lines).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index} className="legal__list">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <LinkedText text={item} links={links} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <LinkedText text={block.text} links={links} />
          </p>
        ),
      )}
    </>
  );
}
