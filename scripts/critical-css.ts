import Beasties from 'beasties';

/**
 * The styles a pre-rendered copy needs for its first paint (issue #42 point 5, decision 140):
 * each stylesheet cut down by beasties to the rules whose elements are in the copy's markup. The
 * whole stylesheets come before the app starts (the boot script links the entry's and waits for
 * them; a page's come with its chunk), so what is left out here only ever styles what the app
 * draws.
 *
 * Kept whatever the markup: the rules on marks that the boot script and the app set on <html>
 * before or as the copy is shown (`data-boot…`, `data-started`), the Burmese rules (`:lang(my)`:
 * a Burmese visitor's copy is drawn in English-less markup the copy cannot show here) and every
 * `@font-face` (a face costs nothing until a text uses it, and the Burmese copy waits on its font).
 */
const ALWAYS = [/data-boot/, /data-started/, /:lang\(/];

const FONT_FACE = /@font-face\{[^}]*\}/g;

/**
 * `sheets` cut down to what `markup` (the inside of <body>, in `language`) uses, in the same
 * order; a sheet of which nothing is used is the empty string.
 */
export async function criticalSheets(
  markup: string,
  sheets: string[],
  language: string,
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
    const faces = (css.match(FONT_FACE) ?? []).join('');
    const rules = (found.get(index) ?? '').replace(FONT_FACE, '');
    return `${faces}${rules}`;
  });
}
