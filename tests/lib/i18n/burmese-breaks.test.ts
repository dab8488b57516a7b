import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  burmeseAsShown,
  keepSyllablesTogether,
  withoutJoiners,
  WORD_JOINER,
} from '../../../src/lib/i18n/burmese-breaks';
import { burmeseLineBreaks } from '../../../scripts/burmese-line-breaks';

/** The text with each joiner drawn as "|", to read the places it went. */
const marked = (text: string) => keepSyllablesTogether(text).replaceAll(WORD_JOINER, '|');

describe('keepSyllablesTogether (issue #44 item 6, decision 132)', () => {
  it.each([
    // The review's examples, split by the browser inside a syllable before this.
    ['ပတ်စ်ပို့', 'ပ|တ်|စ်ပို့'],
    ['အက်ပ်', 'အ|က်|ပ်'],
    ['အီးမေးလ်', 'အီးမေး|လ်'],
    ['လင့်ခ်', 'လ|င့်|ခ်'],
    ['၎င်း', '၎|င်း'],
    // A killed consonant with its tone marks, and kinzi (the stacked ng) stays whole.
    ['သင့်', 'သ|င့်'],
    ['အင်္ဂလိပ်', 'အ|င်္ဂလိ|ပ်'],
  ])('joins %s where a break would split a syllable', (text, expected) => {
    expect(marked(text)).toBe(expected);
  });

  it.each(['ဒေတာ', 'ငွေပေးချေမှု', 'eSIM', 'KBZPay၊ WavePay', '၈၀,၀၀၀'])(
    'leaves %s alone: every break in it is between syllables',
    (text) => {
      expect(keepSyllablesTogether(text)).toBe(text);
    },
  );

  it('never joins after the virama (the stacked consonant under it must touch it)', () => {
    expect(marked('စက္ကန့်')).toBe('စက္ကန့်'.replace('န့်', '|န့်'));
    expect(keepSyllablesTogether('က္က')).toBe('က္က');
  });

  it('is idempotent, keeps {{placeholders}} and Latin text, and withoutJoiners undoes it', () => {
    const text = '{{order}} အတွက် အီးမေးလ်ဖြင့် eSIM ပို့ပါမည်။';
    const shown = keepSyllablesTogether(text);
    expect(keepSyllablesTogether(shown)).toBe(shown);
    expect(shown).toContain('{{order}}');
    expect(shown).toContain(' eSIM ');
    expect(withoutJoiners(shown)).toBe(text);
  });
});

describe('the Burmese bundles as the shop shows them', () => {
  const folder = join(process.cwd(), 'locales/my');
  const bundles = readdirSync(folder).filter((file) => file.endsWith('.json'));

  it('keep their keys and differ from locales/ only by joiners', () => {
    for (const file of bundles) {
      const raw = JSON.parse(readFileSync(join(folder, file), 'utf8')) as unknown;
      const shown = burmeseAsShown(raw);
      expect(JSON.parse(withoutJoiners(JSON.stringify(shown)))).toEqual(raw);
    }
  });

  it('the build plugin transforms locales/my only, before the JSON plugin', () => {
    const plugin = burmeseLineBreaks();
    expect(plugin.enforce).toBe('pre');
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const code = JSON.stringify({ title: 'အက်ပ်', nested: ['ပတ်စ်ပို့'] });
    const shown = transform(code, '/repo/locales/my/purchase.json')!;
    expect(JSON.parse(shown.code)).toEqual({
      title: keepSyllablesTogether('အက်ပ်'),
      nested: [keepSyllablesTogether('ပတ်စ်ပို့')],
    });
    expect(transform(code, '/repo/locales/en/purchase.json')).toBeNull();
    expect(transform(code, '/repo/src/data/my.json')).toBeNull();
  });

  it('locales/ itself stays free of invisible characters (the glossary)', () => {
    for (const file of bundles) {
      expect(readFileSync(join(folder, file), 'utf8'), file).not.toMatch(
        /[\u200B-\u200D\u2060\uFEFF]/,
      );
    }
  });
});
