// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { criticalSheets } from '../../scripts/critical-css';

const markup =
  '<header class="site-header"><a class="brand">eSIM</a></header><main><p class="lead">Hi</p></main>';

describe('criticalSheets: what a copy’s first paint needs of each stylesheet', () => {
  it('keeps the rules whose elements are in the markup, in each sheet, and drops the others', async () => {
    const [layout, page] = await criticalSheets(
      markup,
      [
        '.site-header{color:red}.modal{display:grid}',
        'main .lead{font-size:2rem}.payment-qr{width:10px}',
      ],
      'en',
      'keep',
    );
    expect(layout).toContain('.site-header{color:red}');
    expect(layout).not.toContain('.modal');
    expect(page).toContain('main .lead{font-size:2rem}');
    expect(page).not.toContain('.payment-qr');
  });

  it('keeps states that only exist on a live element (hover, focus) when the element is there', async () => {
    const [sheet] = await criticalSheets(
      markup,
      ['.brand:hover{color:gold}.menu:focus{color:red}'],
      'en',
      'keep',
    );
    expect(sheet).toContain('.brand:hover');
    expect(sheet).not.toContain('.menu');
  });

  it('keeps what the boot script and the app set on <html>, the Burmese rules and every font face', async () => {
    const [sheet] = await criticalSheets(
      markup,
      [
        '@font-face{font-family:Toggle;src:url(./assets/t.woff2)format("woff2")}' +
          "html[data-boot='my'] .loading-overlay{animation:none}" +
          'html[data-started] .language-toggle{font-family:Toggle}' +
          ':lang(my) .lead{line-height:1.9}' +
          '.chat-panel{display:flex}',
      ],
      'en',
      'keep',
    );
    expect(sheet).toContain(
      '@font-face{font-family:Toggle;src:url(./assets/t.woff2)format("woff2")}',
    );
    expect(sheet).toContain('data-boot');
    expect(sheet).toContain('html[data-started] .language-toggle');
    expect(sheet).toContain(':lang(my) .lead');
    expect(sheet).not.toContain('.chat-panel');
  });

  it('answers an empty string, in its place, for a sheet of which nothing is used', async () => {
    const sheets = await criticalSheets(
      markup,
      ['.modal{display:grid}', '.brand{color:gold}'],
      'en',
      'keep',
    );
    expect(sheets).toEqual(['', expect.stringContaining('.brand{color:gold}')]);
  });

  it('keeps a rule for the markup’s language only', async () => {
    const css = 'html[lang="my"] .lead{letter-spacing:0}';
    expect((await criticalSheets(markup, [css], 'my', 'keep'))[0]).toContain('.lead');
    expect((await criticalSheets(markup, [css], 'en', 'keep'))[0]).toBe('');
  });

  it('leaves the font faces to index.html in a copy put into it (declared again, they would load again)', async () => {
    const css = '@font-face{font-family:Noto;src:url(./n.woff2)}.lead{color:red}';
    const [copy] = await criticalSheets(markup, [css], 'my', 'drop');
    expect(copy).not.toContain('@font-face');
    expect(copy).toContain('.lead{color:red}');
  });
});
