// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineCss, pageFragment } from '../../scripts/prerender';

describe('inlineCss: a built stylesheet moved into a page at the site root', () => {
  it('points relative urls at the stylesheet’s own folder', () => {
    expect(
      inlineCss(
        "@font-face{src:url(./label-1.woff2)}a{background:url('./x.svg')}",
        'assets/index.css',
      ),
    ).toBe("@font-face{src:url(./assets/label-1.woff2)}a{background:url('./assets/x.svg')}");
  });

  it('leaves data urls, absolute and protocol-relative urls alone', () => {
    const css = 'a{b:url(data:font/woff2;base64,AA)}c{d:url(/e.png)}f{g:url(https://h/i.png)}';
    expect(inlineCss(css, 'assets/index.css')).toBe(css);
  });
});

describe('pageFragment', () => {
  it('drops head tags, Suspense markers and the start overlay, keeps the page', () => {
    const markup =
      '<title>Contact</title><meta name="description" content="x"/><link rel="canonical" href="y"/>' +
      '<script type="application/ld+json">{}</script><!--$--><main><h1>Contact us</h1></main><!--/$-->' +
      '<div class="loading-overlay" role="status" data-testid="loading-overlay"><span class="spinner" aria-hidden="true"></span><span class="visually-hidden">Loading…</span></div>';
    expect(pageFragment(markup)).toBe('<main><h1>Contact us</h1></main>');
  });
});
