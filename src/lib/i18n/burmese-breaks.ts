import type { ResourceKey } from 'i18next';

/**
 * Burmese line breaking (issue #44 item 6, decision 132). Browsers break Burmese where ICU's
 * dictionary ends a word, and for a word the dictionary does not know (mostly loanwords:
 * ပတ်စ်ပို့ "passport", အက်ပ် "app", အီးမေးလ် "email", လင့်ခ် "link") ICU ends words inside a
 * syllable: "ပတ်|စ်ပို့", "အက်|ပ်", "အီးမေး|လ်". A consonant killed by the asat (်) closes the
 * syllable before it, so a line must never start with one.
 *
 * The texts in locales/ stay as written (NFC, no invisible characters: the glossary); the shop
 * adds a word joiner (U+2060, "no break here", nothing drawn, skipped by screen readers) before
 * each killed consonant when it loads a Burmese bundle. Breaks between syllables and words are
 * the browser's own.
 */
export const WORD_JOINER = '\u2060';

/**
 * A Myanmar character a syllable can continue from: any but the virama (U+1039, which stacks the
 * next consonant under it and must touch it), followed by a consonant with its medials and marks
 * and the asat: that consonant ends the previous syllable.
 */
const breakInsideSyllable =
  /([\u1000-\u1038\u103A-\u109F])(?=[\u1000-\u1021\u103F\u104E][\u103B-\u103E]*[\u1032-\u1037]*\u103A)/g;

/** The text with a word joiner wherever a line break would split a syllable. */
export function keepSyllablesTogether(text: string): string {
  return text.replace(breakInsideSyllable, `$1${WORD_JOINER}`);
}

/** Every text of a Burmese bundle as the shop shows it (keys and structure unchanged). */
export function burmeseAsShown<T>(bundle: T): T {
  if (typeof bundle === 'string') return keepSyllablesTogether(bundle) as T;
  if (Array.isArray(bundle)) return bundle.map((item: unknown) => burmeseAsShown(item)) as T;
  if (typeof bundle === 'object' && bundle !== null) {
    return Object.fromEntries(
      Object.entries(bundle).map(([key, value]) => [key, burmeseAsShown(value as ResourceKey)]),
    ) as T;
  }
  return bundle;
}

/**
 * A shown text made plain again, for what leaves the page (an email's subject and body, a Viber
 * message, the clipboard): the joiners only guide the page's line breaks.
 */
export function withoutJoiners(text: string): string {
  return text.replaceAll(WORD_JOINER, '');
}
