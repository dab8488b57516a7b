const myanmarLetter = /[\u1000-\u109F]/;

/**
 * Text where Latin digits belong: interpolation placeholders, URLs and paths, e-mail
 * addresses, inline code, markdown list markers ("1. " at a line's start), markdown link targets and phone formats (+959…; a number with a leading 0 such as 09 is one too).
 */
const stripNonProse = (text: string) =>
  text
    .replace(/^\s*\d+\.\s/gm, ' ')
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\b(?:https?|mailto|viber|tel):\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/(?:^|\s)\/[\w/{}.:-]+/g, ' ')
    .replace(/\+?\b0?9[\d\s-]*…|\+\d[\d\s-]*/g, ' ');

export type LatinDigitOptions = {
  /** Numbers that are codes in this bundle (HTTP statuses, the MCC), not quantities. */
  codes?: RegExp;
};

/**
 * The Latin numbers in a Burmese value that sit next to a Burmese word in running text, where
 * Myanmar digits belong ("ရက် ၃၀ အတွက် 15 GB"). Not flagged: a number that is part of a code or
 * a model name (4G, S20, power-30, NXR-20261123-163000), one that follows a Latin word (Pixel 3,
 * ISO 8601, OpenAPI 3.1), phone formats, placeholders, URLs, and the codes given in options.
 * A number that opens a phrase is flagged when its unit is followed by a Burmese word
 * ("15 GB ကို").
 */
export function latinDigitsInProse(burmese: string, options: LatinDigitOptions = {}): string[] {
  const words = stripNonProse(burmese)
    .split(/\s+/)
    .map((word) => word.replace(/^[(“"«*[]+|[)”"»*\],.;:!?။၊]+$/g, ''))
    .filter(Boolean);
  const found: string[] = [];
  words.forEach((word, index) => {
    if (!/^\d+(?:[.,]\d+)*$/.test(word)) return;
    if (/^0\d/.test(word) || options.codes?.test(word)) return;
    const before = words[index - 1] ?? '';
    const after = words[index + 1] ?? '';
    if (/[A-Za-z]/.test(before) && !myanmarLetter.test(before)) return;
    if (myanmarLetter.test(before) || myanmarLetter.test(after) || words.length === 1) {
      found.push(`${before} ${word} ${after}`.trim());
      return;
    }
    // A quantity that opens a Burmese phrase: "15 GB ကို" (its unit, then a Burmese word).
    const next = words[index + 2] ?? '';
    if (!before && /^[A-Za-z]+$/.test(after) && myanmarLetter.test(next)) {
      found.push(`${word} ${after} ${next}`);
    }
  });
  return found;
}
