import {
  burmeseAsShown,
  keepSyllablesTogether,
  withoutJoiners,
} from '../../src/lib/i18n/burmese-breaks';

/**
 * Burmese as the built shop shows it: its bundles go through scripts/burmese-line-breaks.ts,
 * which adds a word joiner wherever a line break would split a syllable (decision 132). A
 * journey that reads a Burmese bundle or writes a Burmese text compares with these.
 */
export const shownBundle = burmeseAsShown;
export const shownMy = keepSyllablesTogether;
/** A shown text as it leaves the page (an email, a Viber message): without the joiners. */
export const plain = withoutJoiners;
