// @vitest-environment node
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const layout = join(process.cwd(), 'src', 'components', 'layout');
const css = readFileSync(join(layout, 'language-toggle.css'), 'utf8');
const english = JSON.parse(
  readFileSync(join(process.cwd(), 'locales', 'en', 'common.json'), 'utf8'),
) as {
  language: { switchTo: string };
};

/** The @font-face block for the toggle's own little font, and the code points it claims. */
const face =
  /@font-face\s*\{[^}]*font-family:\s*'Myanmar Toggle Label'[^}]*\}/.exec(css)?.[0] ?? '';
const range = (/unicode-range:\s*([^;]+);/.exec(face)?.[1] ?? '')
  .split(',')
  .map((part) => Number.parseInt(part.trim().replace(/^U\+/i, ''), 16));

describe('the header language toggle before the Burmese font loads', () => {
  it('has a font of its own that covers every character of the "မြန်မာ" label', () => {
    expect(face).not.toBe('');
    const label = english.language.switchTo;
    expect(label).toMatch(/[\u1000-\u109F]/);
    for (const char of label) expect(range).toContain(char.codePointAt(0));
  });

  it('uses that font first for the Burmese label once the app has started', () => {
    expect(css).toMatch(
      /html\[data-started\] \.language-toggle \[lang='my'\]\s*\{\s*font-family:\s*'Myanmar Toggle Label',/,
    );
    // Before that (the pre-rendered first paint) the system's own Myanmar font draws it: no
    // font request competes with the page's first paint (decision 062), and never the self-hosted
    // Noto Sans Myanmar, declared with the first paint's styles for Burmese pages.
    expect(css).toMatch(
      /\n\.language-toggle \[lang='my'\]\s*\{\s*font-family:\s*'Myanmar Text', 'Padauk', var\(--font\);/,
    );
    expect(css).not.toMatch(
      /\.language-toggle \[lang='my'\]\s*\{[^}]*(--font-my|Noto Sans Myanmar)/,
    );
  });

  it('keeps the font light: a few kilobytes (under 4 KB)', () => {
    const file = /src:\s*url\('\.\/([^']+)'\)/.exec(face)?.[1] ?? 'missing';
    expect(statSync(join(layout, file)).size).toBeLessThan(4096);
  });
});
