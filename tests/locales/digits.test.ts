// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latinDigitsInProse } from '../support/latin-digits';
import { flatten } from '../support/locale-checks';

/**
 * Every Burmese text file: the locale bundles and the blog articles' bodies (issue #24). The
 * checker itself leaves alone what keeps Latin digits by the glossary: codes and order numbers,
 * model names and versions (iPhone 15, iOS 17.5, 4G), phone formats (09…, +959), URLs,
 * placeholders, inline code; markdown list markers are not words. What a file adds is below.
 */
const root = join(process.cwd(), 'locales', 'my');
const files = [
  ...readdirSync(root)
    .filter((file) => file.endsWith('.json'))
    .map((file) => join('locales', 'my', file)),
  join('src', 'features', 'blog', 'posts', 'bodies-my.json'),
];

/**
 * The API docs name HTTP statuses and Myanmar's mobile country code (414) by their numbers; the
 * MMQR article names the kyat's ISO 4217 currency code (104).
 */
const codesByFile: Record<string, RegExp> = {
  [join('locales', 'my', 'dev.json')]: /^[1-5]\d\d$/,
  [join('src', 'features', 'blog', 'posts', 'bodies-my.json')]: /^104$/,
};

describe('Myanmar digits in Burmese running text', () => {
  it('reads every Burmese file, the blog articles included', () => {
    expect(files).toContain(join('src', 'features', 'blog', 'posts', 'bodies-my.json'));
    expect(files.length).toBeGreaterThan(19);
  });

  describe.each(files)('%s', (file) => {
    it('has no Latin number next to a Burmese word', () => {
      const bundle = flatten(
        JSON.parse(readFileSync(join(process.cwd(), file), 'utf8')) as unknown,
      );
      const problems = Object.entries(bundle).flatMap(([key, value]) =>
        typeof value === 'string'
          ? latinDigitsInProse(value, { codes: codesByFile[file] }).map((hit) => `${key}: ${hit}`)
          : [],
      );
      expect(problems).toEqual([]);
    });
  });
});

describe('the Latin-digit checker itself', () => {
  it.each([
    ['a quantity with a unit', 'ရက် ၃၀ အတွက် 15 GB', ['အတွက် 15 GB']],
    ['a size in brackets', 'ပုံဖိုင် (20 MB အထိ)။', ['ပုံဖိုင် 20 MB']],
    ['a count before a Burmese word', 'နောက်ဆုံး 12 နာရီအတွင်း', ['နောက်ဆုံး 12 နာရီအတွင်း']],
    ['a price with a thousands separator', '80,000 ကျပ်', ['80,000 ကျပ်']],
    ['a quantity opening a phrase', '15 GB ကို ရက် ၃၀ အတွင်း', ['15 GB ကို']],
  ])('flags %s', (_label, text, hits) => {
    expect(latinDigitsInProse(text)).toEqual(hits);
  });

  it.each([
    ['Myanmar digits', 'ရက် ၃၀ အတွက် ၁၅ GB'],
    ['a phone format', 'Viber နံပါတ်များသည် 09 ဖြင့် စပါသည်။ +959 နှင့်လည်း ရပါသည်။'],
    ['a placeholder hint', 'you@example.com သို့မဟုတ် 09…'],
    ['model names', 'Galaxy S20 နှင့် Pixel 3 နှင့် နောက်ပိုင်း'],
    ['a network generation', 'အော်ပရေတာ၏ 4G လွှမ်းခြုံမှု'],
    ['a version after its name', 'OpenAPI 3.1 ပုံစံဖြင့်'],
    ['an order number', 'ဥပမာ #NXR-20261123-163000။'],
    ['an interpolation', '{{count}} ကြိမ်'],
    ['a URL', 'http://127.0.0.1:8787 တွင်'],
  ])('accepts %s', (_label, text) => {
    expect(latinDigitsInProse(text)).toEqual([]);
  });

  it('accepts the codes a bundle declares and flags them elsewhere', () => {
    const text = 'တောင်းဆိုချက်ကို 401 ဖြင့် ပြန်ဖြေပါသည်။';
    expect(latinDigitsInProse(text, { codes: /^[1-5]\d\d$/ })).toEqual([]);
    expect(latinDigitsInProse(text)).toEqual(['တောင်းဆိုချက်ကို 401 ဖြင့်']);
  });
});
