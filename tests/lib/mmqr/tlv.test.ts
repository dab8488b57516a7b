import { describe, it, expect } from 'vitest';
import { MmqrError } from '#domain/mmqr/mmqr-error';
import { verifyCrc } from '#domain/mmqr/payload';
import { charLength, decodeTlv, encodeTlv, type TlvField } from '#domain/mmqr/tlv';
import { REFERENCE_PAYLOADS } from './reference-payloads';

const head: TlvField = { tag: '00', value: '01' };

function errorOf(run: () => unknown): MmqrError {
  try {
    run();
  } catch (error) {
    if (error instanceof MmqrError) return error;
    throw error;
  }
  throw new Error('expected an MmqrError');
}

describe('decodeTlv and encodeTlv on published payloads', () => {
  it.each(REFERENCE_PAYLOADS)('round-trips the $name payload, flat', ({ payload }) => {
    const fields = decodeTlv(payload);
    expect(fields.every((field) => typeof field.value === 'string')).toBe(true);
    expect(encodeTlv(fields)).toBe(payload);
    expect(verifyCrc(payload)).toBe(true);
  });

  it.each(REFERENCE_PAYLOADS)('round-trips the $name payload, nested', ({ payload, crc }) => {
    const fields = decodeTlv(payload, { nested: true });
    expect(fields[0]).toEqual({ tag: '00', value: '01' });
    expect(fields.at(-1)).toEqual({ tag: '63', value: crc });
    expect(encodeTlv(fields)).toBe(payload);
    expect(verifyCrc(payload)).toBe(true);
  });

  it('counts characters, not bytes, in the EMVCo example', () => {
    const fields = decodeTlv(REFERENCE_PAYLOADS[2].payload, { nested: true });
    expect(fields.map((field) => field.tag)).toEqual([
      '00',
      '01',
      '29',
      '31',
      '52',
      '58',
      '59',
      '60',
      '64',
      '54',
      '53',
      '55',
      '62',
      '91',
      '63',
    ]);
    expect(fields.find((field) => field.tag === '64')?.value).toEqual([
      { tag: '00', value: 'ZH' },
      { tag: '01', value: '最佳运输' },
      { tag: '02', value: '北京' },
    ]);
    expect(fields.find((field) => field.tag === '62')?.value).toEqual([
      { tag: '03', value: '1234' },
      { tag: '06', value: '***' },
      { tag: '07', value: 'A6008667' },
      { tag: '09', value: 'ME' },
    ]);
    expect(fields.find((field) => field.tag === '91')?.value).toEqual([
      { tag: '00', value: 'A011223344998877' },
      { tag: '07', value: '12345678' },
    ]);
  });
});

describe('encodeTlv', () => {
  it.each<[string, TlvField[], string]>([
    ['plain fields', [head, { tag: '58', value: 'MM' }], '0002015802MM'],
    ['a template', [head, { tag: '62', value: [{ tag: '01', value: 'A1' }] }], '00020162060102A1'],
    [
      'a code point outside the BMP as one character',
      [head, { tag: '59', value: '😀' }],
      '0002015901😀',
    ],
    ['Burmese text by code points', [head, { tag: '60', value: 'ရန်ကုန်' }], '0002016007ရန်ကုန်'],
    [
      'a value of exactly 99 characters',
      [head, { tag: '99', value: 'x'.repeat(99) }],
      `0002019999${'x'.repeat(99)}`,
    ],
  ])('encodes %s', (_name, fields, expected) => {
    expect(encodeTlv(fields)).toBe(expected);
  });

  it.each<[string, TlvField[], string, RegExp]>([
    ['no fields', [], 'TAG_ORDER', /Tag 00/],
    ['tag 00 not first', [{ tag: '58', value: 'MM' }, head], 'TAG_ORDER', /Tag 00/],
    [
      'tag 63 not last',
      [head, { tag: '63', value: 'ABCD' }, { tag: '58', value: 'MM' }],
      'TAG_ORDER',
      /Tag 63/,
    ],
    ['a one-digit tag', [head, { tag: '5', value: 'MM' }], 'INVALID_TAG', /Tag "5"/],
    ['a letter tag', [head, { tag: 'A8', value: 'MM' }], 'INVALID_TAG', /Tag "A8"/],
    ['an empty value', [head, { tag: '58', value: '' }], 'INVALID_VALUE', /Tag 58 is empty/],
    ['sub-fields on a plain tag', [head, { tag: '58', value: [] }], 'INVALID_VALUE', /Tag 58 /],
    [
      'a template inside a template',
      [head, { tag: '26', value: [{ tag: '01', value: [{ tag: '00', value: 'x' }] }] }],
      'INVALID_VALUE',
      /Tag 26\.01 /,
    ],
    [
      'a duplicate tag',
      [head, { tag: '58', value: 'MM' }, { tag: '58', value: 'TH' }],
      'DUPLICATE_TAG',
      /Tag 58/,
    ],
    [
      'a duplicate sub-tag',
      [
        head,
        {
          tag: '62',
          value: [
            { tag: '01', value: 'a' },
            { tag: '01', value: 'b' },
          ],
        },
      ],
      'DUPLICATE_TAG',
      /Tag 62\.01/,
    ],
    [
      'tag 54 of 14 characters',
      [head, { tag: '54', value: '12345678901.00' }],
      'VALUE_TOO_LONG',
      /Tag 54 \(transaction amount\) is 14 .* at most 13/,
    ],
    [
      'tag 59 of 26 characters',
      [head, { tag: '59', value: 'N'.repeat(26) }],
      'VALUE_TOO_LONG',
      /Tag 59 \(merchant name\) is 26 .* at most 25/,
    ],
    [
      'tag 60 of 16 characters',
      [head, { tag: '60', value: 'C'.repeat(16) }],
      'VALUE_TOO_LONG',
      /Tag 60 \(merchant city\) is 16 .* at most 15/,
    ],
    [
      'tag 62 sub-tag of 26 characters',
      [head, { tag: '62', value: [{ tag: '05', value: 'R'.repeat(26) }] }],
      'VALUE_TOO_LONG',
      /Tag 62\.05 is 26 .* at most 25/,
    ],
    [
      'tag 64 sub-tag 02 of 16 characters',
      [head, { tag: '64', value: [{ tag: '02', value: 'က'.repeat(16) }] }],
      'VALUE_TOO_LONG',
      /Tag 64\.02 is 16 .* at most 15/,
    ],
    [
      'a value of 100 characters',
      [head, { tag: '99', value: 'x'.repeat(100) }],
      'VALUE_TOO_LONG',
      /Tag 99 is 100 .* at most 99/,
    ],
    [
      'a template whose content exceeds 99 characters',
      [
        head,
        {
          tag: '26',
          value: [
            { tag: '00', value: 'x'.repeat(50) },
            { tag: '01', value: 'y'.repeat(50) },
          ],
        },
      ],
      'VALUE_TOO_LONG',
      /Tag 26 is 108 /,
    ],
    [
      'a payload over 512 characters',
      [
        head,
        ...['80', '81', '82', '83', '84', '85'].map((tag) => ({ tag, value: 'z'.repeat(99) })),
      ],
      'PAYLOAD_TOO_LONG',
      /Payload is 624 .* at most 512/,
    ],
  ])('rejects %s', (_name, fields, code, message) => {
    const error = errorOf(() => encodeTlv(fields));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('allows a payload without tag 63 (the body the CRC is computed over)', () => {
    expect(encodeTlv([head, { tag: '58', value: 'MM' }])).toBe('0002015802MM');
  });
});

describe('decodeTlv', () => {
  it.each<[string, string, boolean, TlvField[]]>([
    ['an empty string', '', false, []],
    ['flat fields', '0002015802MM', false, [head, { tag: '58', value: 'MM' }]],
    ['a template left as text', '00020162060102A1', false, [head, { tag: '62', value: '0102A1' }]],
    [
      'a template as sub-fields',
      '00020162060102A1',
      true,
      [head, { tag: '62', value: [{ tag: '01', value: 'A1' }] }],
    ],
    [
      'a non-template tag that looks like TLV',
      '0002015906010212',
      true,
      [head, { tag: '59', value: '010212' }],
    ],
    ['characters outside the BMP', '0002015902😀😀', false, [head, { tag: '59', value: '😀😀' }]],
  ])('decodes %s', (_name, payload, nested, expected) => {
    expect(decodeTlv(payload, { nested })).toEqual(expected);
  });

  it.each<[string, string, string, RegExp]>([
    ['a header cut short', '000201580', 'TRUNCATED', /character 6: "580"/],
    [
      'a value cut short',
      '0002015805MM',
      'TRUNCATED',
      /Tag 58 declares 5 characters but only 2 remain/,
    ],
    [
      'a payload that ends inside the CRC',
      '00020163041E7',
      'TRUNCATED',
      /Tag 63 \(CRC\) declares 4 /,
    ],
    ['a letter in the length', '00020158A2MM', 'MALFORMED', /"58A2" at character 6/],
    ['a letter in the tag', '0002015X02MM', 'MALFORMED', /"5X02"/],
    ['a zero length', '0002015800', 'MALFORMED', /Tag 58 has length 00/],
    [
      'a truncated sub-field',
      '00020162050102Z',
      'TRUNCATED',
      /Tag 62\.01 declares 2 characters but only 1 remain/,
    ],
    ['a template with junk', '0002016204ABCD', 'MALFORMED', /"ABCD" at character 0 inside tag 62/],
    ['a duplicate tag', '0002015802MM5802TH', 'DUPLICATE_TAG', /Tag 58 appears more than once/],
    [
      'a payload over 512 characters',
      `000201${'9999'.padEnd(103, 'x').repeat(5)}`,
      'PAYLOAD_TOO_LONG',
      /Payload is 521 /,
    ],
  ])('rejects %s', (_name, payload, code, message) => {
    const error = errorOf(() => decodeTlv(payload, { nested: true }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('MmqrError');
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('charLength', () => {
  it.each([
    ['an empty string', '', 0],
    ['Latin letters', 'Yangon', 6],
    ['Burmese (one code unit per code point)', 'ရန်ကုန်', 7],
    ['an emoji (a surrogate pair)', '😀', 1],
    ['pairs between letters', 'a😀b😀', 4],
    ['a lone high surrogate', '\uD800x', 2],
    ['a lone high surrogate at the end', 'a\uD800', 2],
    ['a lone low surrogate', '\uDC00', 1],
    ['a low surrogate before a high one (no pair)', '\uDC00\uD800', 2],
  ])('counts code points in %s, as Array.from does', (_name, text, expected) => {
    expect(charLength(text)).toBe(expected);
    expect(charLength(text)).toBe(Array.from(text).length);
  });
});
