// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue #44 item 8: the hero's text, dimmed while it types itself out, stays readable. The
 * faint copy under the typed letters is drawn at its opacity over the page's background: its
 * contrast must stay at WCAG's 4.5:1 for body text (the subtitle) and for the title.
 */
const css = (path: string) => readFileSync(`${process.cwd()}/${path}`, 'utf8');
const home = css('src/features/home/components/home.css');
const global = css('src/styles/global.css');

const token = (name: string) => {
  const found = global.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'));
  if (!found) throw new Error(`No --${name} in global.css`);
  return found[1]!;
};
const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const luminance = (channels: number[]) => {
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
/** The contrast of `text` drawn at `opacity` over `background`. */
function contrast(text: string, background: string, opacity: number) {
  const bg = rgb(background);
  const drawn = rgb(text).map((value, i) => opacity * value + (1 - opacity) * bg[i]!);
  const [light, dark] = [luminance(drawn), luminance(bg)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
/** The opacity of the first rule whose selector ends with `selector`. */
function opacityOf(selector: string) {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = home.match(new RegExp(`${escaped}\\s*\\{([^}]*)\\}`));
  const value = rule?.[1]?.match(/opacity:\s*([\d.]+)/)?.[1];
  if (!value) throw new Error(`No opacity for ${selector}`);
  return Number(value);
}

describe('the hero while it types', () => {
  it('keeps the dimmed subtitle and title at 4.5:1 or more on the page and on raised blocks', () => {
    const subtitle = opacityOf('.hero__subtitle .typed__ghost');
    const title = opacityOf('.typed:has(.typed__letters[data-state]) .typed__ghost');
    for (const background of [token('bg'), token('bg-raised')]) {
      expect(contrast(token('text-muted'), background, subtitle)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token('text'), background, title)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
