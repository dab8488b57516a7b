// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { disagreements } from '../support/locale-agreement';

/**
 * Burmese and English never contradict each other (issue #42): every text states the same
 * numbers in both languages (Latin digits in English, Myanmar digits ၀–၉ or Latin in Burmese,
 * placeholders aside), and a phone's menu path is written with one arrow (→), never ">".
 */
const root = join(process.cwd(), 'locales');
const load = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;
const files = readdirSync(join(root, 'en')).filter((file) => file.endsWith('.json'));
const blog = join(process.cwd(), 'src/features/blog/posts');

/** Read and accepted: the facts agree, written another way. */
const accepted: Record<string, Record<string, string>> = {
  'blog.json': {
    'posts.myanmar-tourist-esim-activation-guide.title':
      'The English writes “five minutes” in words, the Burmese ၅ မိနစ်.',
    'posts.save-mobile-data-travel-tips.summary':
      'The English writes “Fifteen gigabytes” in words, the Burmese ၁၅ ဂစ်ဂါဘိုက်.',
  },
  'dev.json': Object.fromEntries(
    [
      'developers.endpoints.purchase.readingOperator',
      'developers.endpoints.purchase.readingPlan',
      'developers.endpoints.purchase.fields.operator',
      'developers.endpoints.purchase.fields.planId',
    ].map((key) => [
      key,
      'The English numbers the readings (Reading 1, 2), the Burmese names them ပထမ / ဒုတိယ.',
    ]),
  ),
  'purchase.json': {
    'plans.usd':
      'The Burmese gives the rate as “၁ US$ = {{rate}} ကျပ်”, the English as “{{rate}} MMK/US$”: the same rate.',
  },
};

describe('Burmese and English agree', () => {
  it.each(files)('%s: on every number and menu path', (file) => {
    expect(
      disagreements(load(join(root, 'en', file)), load(join(root, 'my', file)), accepted[file]),
    ).toEqual([]);
  });

  it('the blog articles: on every number and menu path', () => {
    expect(
      disagreements(load(join(blog, 'bodies-en.json')), load(join(blog, 'bodies-my.json'))),
    ).toEqual([]);
  });
});

describe('the agreement check itself', () => {
  it('accepts the same numbers in Myanmar digits, in any order, and placeholders', () => {
    expect(
      disagreements(
        { a: 'Within 2 hours, 15 GB for {{days}} days' },
        { a: 'ဒေတာ ၁၅ GB ကို {{days}} ရက်၊ ၂ နာရီအတွင်း' },
      ),
    ).toEqual([]);
  });

  it('finds a number the Burmese changed, dropped or added', () => {
    expect(disagreements({ a: 'Within 2-3 minutes' }, { a: '၅ မိနစ်အတွင်း' })).toEqual([
      'a: numbers 2, 3 in English, 5 in Burmese',
    ]);
    expect(disagreements({ a: ['Valid 30 days'] }, { a: ['သက်တမ်းရှိသည်'] })).toEqual([
      'a[0]: numbers 30 in English, none in Burmese',
    ]);
  });

  it('finds a ">" menu path in either language', () => {
    expect(
      disagreements(
        { a: 'Settings > General > About' },
        { a: 'Settings → General → About ကို ဖွင့်ပါ' },
      ),
    ).toEqual(['a: a ">" menu path in English']);
    expect(disagreements({ a: 'Settings → General' }, { a: 'Settings > General ကို ဖွင့်ပါ' })).toEqual([
      'a: a ">" menu path in Burmese',
    ]);
  });
});
