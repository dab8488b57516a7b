import { describe, expect, it } from 'vitest';
import { isValidEmail } from '#domain/email';

const at = (local: string, domain = 'example.com') => `${local}@${domain}`;

describe('isValidEmail', () => {
  it.each<[string, string]>([
    ['a plain address', 'buyer@example.com'],
    ['spaces around it (trimmed)', '  a.b@mail.co.uk '],
    ['plus-addressing', 'buyer+esim@example.com'],
    ['dots, hyphens and underscores', 'first.last-name_2@example.com'],
    ['a subdomain', 'a@mail.shop.example.co.uk'],
    ['a hyphen inside a label', 'a@my-mail.example.com'],
    ['digits in the domain', 'a@123mail.com'],
    ['an internationalised domain in punycode', 'a@xn--r8jz45g.xn--zckzah'],
    ['upper case', 'Buyer@Example.COM'],
    [
      'exactly 254 characters',
      at('a'.repeat(64), `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`),
    ],
  ])('takes %s', (_name, value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each<[string, string]>([
    // Finding 13 of the security review.
    ['a query after the domain', 'a@b.co?bcc=evil@x.io'],
    ['markup before the @', '<script>@x.io'],
    ['a NUL character', 'a\u0000b@example.com'],
    ['a right-to-left override', 'gro.elpmaxe\u202e@a.com'],
    ['a left-to-right mark', 'a\u200e@example.com'],
    ['a right-to-left mark', 'a@example.com\u200f'],
    ['a bidi embedding', 'a\u202a@example.com'],
    ['a bidi isolate', 'a\u2066b\u2069@example.com'],
    ['a zero-width space', 'a\u200bb@example.com'],
    ['a line break (header injection)', 'a@example.com\r\nBcc: evil@x.io'],
    ['a tab inside', 'a\t@example.com'],
    ['an ampersand', 'a&b@example.com'],
    ['an equals sign', 'a=b@example.com'],
    ['a question mark', 'a?@example.com'],
    ['a greater-than sign', 'a>b@example.com'],
    ['a double quote', '"a"@example.com'],
    ['a single quote', "o'brien@example.com"],
    ['a percent sign', 'a%0d%0a@example.com'],
    ['a query in the domain', 'a@example.com&x=1'],
    [
      '255 characters',
      at('a'.repeat(64), `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`),
    ],
    ['a local part over 64 characters', at('a'.repeat(65))],
    ['a label over 63 characters', at('a', `${'b'.repeat(64)}.com`)],
    // SPEC §5's shape, as before.
    ['no @', 'no-at-sign.example.com'],
    ['two @', 'two@@example.com'],
    ['an @ in the local part', 'a@b@example.com'],
    ['a space inside', 'space in@example.com'],
    ['no dot in the domain', 'nodot@example'],
    ['a trailing dot', 'trailing@example.'],
    ['a leading dot', '.a@example.com'],
    ['two dots in a row', 'a..b@example.com'],
    ['an empty label', 'a@example..com'],
    ['a label starting with a hyphen', 'a@-example.com'],
    ['a one-letter top-level domain', 'a@example.c'],
    ['a numeric top-level domain', 'a@example.123'],
    ['an empty string', ''],
  ])('refuses %s', (_name, value) => {
    expect(isValidEmail(value)).toBe(false);
  });
});
