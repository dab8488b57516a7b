// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../../src/lib/i18n/languages';
import { plans } from '#domain/catalogue';
import { englishNamesIn, findLocaleProblems, flatten } from '../support/locale-checks';

const root = join(process.cwd(), 'locales');
const files = (language: string) =>
  readdirSync(join(root, language)).filter((file) => file.endsWith('.json'));
const load = (language: string, file: string) =>
  JSON.parse(readFileSync(join(root, language, file), 'utf8')) as unknown;

describe('translation bundles', () => {
  it('has the same files in English and Burmese, one per namespace', () => {
    expect(files('my').sort()).toEqual(files('en').sort());
    for (const namespace of namespaces) expect(files('en')).toContain(`${namespace}.json`);
  });

  describe.each(files('en'))('%s', (file) => {
    it('has exactly the keys of English, with no empty value and Myanmar script in every prose value', () => {
      expect(findLocaleProblems(load('en', file), load('my', file))).toEqual([]);
    });
  });
});

describe('plan names (decision 133)', () => {
  const english = (load('en', 'purchase.json') as { plans: { names: Record<string, string> } })
    .plans.names;
  const burmese = (load('my', 'purchase.json') as { plans: { names: Record<string, string> } })
    .plans.names;
  const englishNames = Object.values(english);

  it('names every plan of the catalogue in both languages, the English as the catalogue does', () => {
    expect(english).toEqual(Object.fromEntries(plans.map((plan) => [plan.id, plan.name])));
    expect(Object.keys(burmese).sort()).toEqual(plans.map((plan) => plan.id).sort());
    for (const name of Object.values(burmese))
      expect(englishNamesIn(name, englishNames)).toEqual([]);
  });

  const burmeseTexts = [
    ...files('my').map((file) => join('locales', 'my', file)),
    join('src', 'features', 'blog', 'posts', 'bodies-my.json'),
  ];
  it.each(burmeseTexts)('%s calls no plan by its English name', (file) => {
    const texts = flatten(JSON.parse(readFileSync(join(process.cwd(), file), 'utf8')));
    const found = Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? englishNamesIn(value, englishNames).map((name) => `${key}: ${name}`)
        : [],
    );
    expect(found).toEqual([]);
  });

  it('finds an English plan name in Burmese prose, and not a longer word that contains it', () => {
    expect(englishNamesIn('Power User အစီအစဉ်ကို အကြံပြုပါသည်။', englishNames)).toEqual(['Power User']);
    expect(englishNamesIn('**Tourist Pack** နှင့် Business Pro', englishNames)).toEqual([
      'Tourist Pack',
      'Business Pro',
    ]);
    expect(englishNamesIn('Power Users-only', englishNames)).toEqual([]);
  });
});

describe('the locale checker itself', () => {
  const en = {
    a: 'Buy your eSIM now',
    b: { c: 'Hello there friend' },
    d: 'KBZPay',
    e: ['One item here'],
  };

  it('accepts a complete translation', () => {
    const my = { a: 'eSIM ကို ယခုဝယ်ပါ', b: { c: 'မင်္ဂလာပါ သူငယ်ချင်း' }, d: 'KBZPay', e: ['ပစ္စည်းတစ်ခု'] };
    expect(findLocaleProblems(en, my)).toEqual([]);
  });

  it.each([
    ['a missing key', { b: { c: 'မင်္ဂလာပါ' }, d: 'KBZPay', e: ['ပစ္စည်း'] }, 'missing in my: a'],
    [
      'an extra key',
      { a: 'ဝယ်ပါ', b: { c: 'မင်္ဂလာပါ' }, d: 'KBZPay', e: ['ပစ္စည်း'], z: 'ပို' },
      'only in my: z',
    ],
    [
      'an empty value',
      { a: ' ', b: { c: 'မင်္ဂလာပါ' }, d: 'KBZPay', e: ['ပစ္စည်း'] },
      'empty in my: a',
    ],
    [
      'untranslated prose',
      { a: 'Buy your eSIM now', b: { c: 'မင်္ဂလာပါ' }, d: 'KBZPay', e: ['ပစ္စည်း'] },
      'no Myanmar script in my: a',
    ],
  ])('reports %s', (_label, my, problem) => {
    expect(findLocaleProblems(en, my)).toContain(problem);
  });

  it.each([
    ['Help center', ['no Myanmar script in my: a (English words: Help, center)']],
    ['Start over', ['no Myanmar script in my: a (English words: Start, over)']],
    ['AYA Pay', []],
    ['iPhone (iOS)', []],
  ])('judges a short untranslated label %j by its Latin words', (value, problems) => {
    // A short English label is not prose: only the Latin words of the Burmese value tell.
    const label = { ...en, a: 'Label' };
    const my = { a: value, b: { c: 'မင်္ဂလာပါ' }, d: 'KBZPay', e: ['ပစ္စည်း'] };
    expect(findLocaleProblems(label, my)).toEqual(problems);
  });

  it('flattens nested objects and arrays into dotted keys', () => {
    expect(Object.keys(flatten(en))).toEqual(['a', 'b.c', 'd', 'e.0']);
  });
});
