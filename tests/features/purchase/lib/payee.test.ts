import { describe, expect, it } from 'vitest';
import { isShopPayee, normalizePayeeName, payeeNames, shownPayeeName } from '#domain/payee';

describe('payee names (issue #23, decision 068)', () => {
  const SHOP = ['ESIM MYANMAR', 'အီးဆင်း မြန်မာ'];

  it.each([
    ['case', 'esim myanmar'],
    ['spaces', 'E SIM  MYANMAR'],
    ['punctuation', 'E-SIM Myanmar.'],
    ['symbols and hidden characters', 'eSIM\u200b Myanmar ®'],
    ['full-width letters', 'ＥＳＩＭ ＭＹＡＮＭＡＲ'],
    ['Burmese without its space', 'အီးဆင်းမြန်မာ'],
    ['Burmese with a section mark and a zero-width space', 'အီးဆင်း\u200b မြန်မာ။'],
  ])('matches a shop name written with other %s', (_, name) => {
    expect(isShopPayee(name, SHOP)).toBe(true);
  });

  it.each([
    ['another person', 'Ko Aung'],
    ['a longer name that starts like the shop', 'ESIM MYANMAR TRAVEL'],
    ['a shorter one', 'ESIM'],
    ['another Burmese vowel sign', 'အီးဆင် မြန်မာ'],
    ['Cyrillic lookalikes', 'ЕSIM МYANMAR'],
    ['nothing', ''],
  ])('does not match %s', (_, name) => {
    expect(isShopPayee(name, SHOP)).toBe(false);
  });

  it('keeps Burmese vowel signs and tone marks, drops its punctuation and digits become ASCII', () => {
    expect(normalizePayeeName('မြန်မာ ၁၂၃။')).toBe('မြန်မာ123');
  });

  it.each([null, undefined, '', '  ', 'N/A', 'n.a.', 'None', 'Not shown', 'unknown'])(
    'reads %j as no payee shown',
    (name) => expect(shownPayeeName(name)).toBeNull(),
  );

  it('keeps a shown name as read, in one line', () => {
    expect(shownPayeeName('  Ko\n Aung ')).toBe('Ko Aung');
  });

  it('takes the setting’s list, else the MMQR merchant names', () => {
    expect(payeeNames(' ESIM MYANMAR , ESIM MYANMAR CO LTD,, ', ['IGNORED'])).toEqual([
      'ESIM MYANMAR',
      'ESIM MYANMAR CO LTD',
    ]);
    expect(payeeNames('', ['ESIM MYANMAR', undefined, 'အီးဆင်း မြန်မာ'])).toEqual([
      'ESIM MYANMAR',
      'အီးဆင်း မြန်မာ',
    ]);
    expect(payeeNames(undefined, [' , '])).toEqual([]);
  });
});
