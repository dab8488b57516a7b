import type { Plugin } from 'vite';
import { burmeseAsShown } from '../src/lib/i18n/burmese-breaks.ts';

const burmeseBundle = /[/\\]locales[/\\]my[/\\][^/\\]+\.json$/;

/**
 * The Burmese bundles (locales/my/*.json) as the shop shows them: a word joiner before each
 * consonant that closes the syllable before it, so that no line breaks inside a syllable
 * (issue #44 item 6, decision 132). Done when the bundle is built, so the visitor's phone does
 * no work for it and locales/ keeps the texts as written. Runs before Vite's JSON plugin.
 */
export function burmeseLineBreaks(): Plugin {
  return {
    name: 'burmese-line-breaks',
    enforce: 'pre',
    transform(code, id) {
      const [file] = id.split('?');
      if (!file || !burmeseBundle.test(file)) return null;
      return { code: JSON.stringify(burmeseAsShown(JSON.parse(code) as unknown)), map: null };
    },
  };
}
