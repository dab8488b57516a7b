import Beasties from 'beasties';

/**
 * The styles a pre-rendered copy needs for its first paint (issue #42 point 5, decision 140):
 * each stylesheet cut down by beasties to the rules whose elements are in the copy's markup. The
 * whole stylesheets come before the app starts (the boot script links the entry's and waits for
 * them; a page's come with its chunk), so what is left out here only ever styles what the app
 * draws.
 *
 * Kept whatever the markup: the rules on marks that the boot script and the app set on <html>
 * before or as the copy is shown (`data-boot…`, `data-started`) and the Burmese rules
 * (`:lang(my)`). The `@font-face` rules are index.html's alone, all of them (a face costs nothing
 * until a text uses it, and a Burmese copy waits on its font): a copy that declared them again
 * would make new faces, which the browser loads again, and its text would reflow when they come.
 */
const ALWAYS = [/data-boot/, /data-started/, /:lang\(/];

const FONT_FACE = /@font-face\{[^}]*\}/g;

/** A stylesheet without its `@font-face` rules (index.html declares them, once). */
export const withoutFontFaces = (css: string) => css.replace(FONT_FACE, '');

/**
 * `sheets` cut down to what `markup` (the inside of <body>, in `language`) uses, in the same
 * order; a sheet of which nothing is used is the empty string. `fontFaces`: `keep` for index.html,
 * `drop` for a copy put into it.
 */
export async function criticalSheets(
  markup: string,
  sheets: string[],
  language: string,
  fontFaces: 'keep' | 'drop',
): Promise<string[]> {
  const beasties = new Beasties({
    external: false,
    reduceInlineStyles: true,
    mergeStylesheets: false,
    keyframes: 'critical',
    allowRules: ALWAYS,
    compress: true,
    logLevel: 'silent',
  });
  const styles = sheets.map((css, index) => `<style data-sheet="${index}">${css}</style>`);
  const document = `<!doctype html><html lang="${language}"><head>${styles.join('')}</head><body>${markup}</body></html>`;
  const reduced = await beasties.process(document);
  const found = new Map(
    [...reduced.matchAll(/<style data-sheet="(\d+)">([\s\S]*?)<\/style>/g)].map((match) => [
      Number(match[1]),
      match[2]!,
    ]),
  );
  return sheets.map((css, index) => {
    const faces = fontFaces === 'keep' ? (css.match(FONT_FACE) ?? []).join('') : '';
    const rules = (found.get(index) ?? '').replace(FONT_FACE, '');
    return `${faces}${rules}`;
  });
}
