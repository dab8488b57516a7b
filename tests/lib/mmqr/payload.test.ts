import { describe, it, expect } from 'vitest';
import { crc16ccitt } from '#domain/mmqr/crc16';
import { MmqrError } from '#domain/mmqr/mmqr-error';
import {
  buildMmqrPayload,
  parseMmqrPayload,
  verifyCrc,
  type MmqrPayloadInput,
} from '#domain/mmqr/payload';
import { decodeTlv, encodeTlv, type TlvField } from '#domain/mmqr/tlv';
import { REFERENCE_PAYLOADS } from './reference-payloads';

const order: MmqrPayloadInput = {
  merchantId: '0000000000000000',
  terminalId: 'T0001',
  merchantName: 'ESIM MYANMAR',
  amount: 80000,
  billNumber: '#NXR-20261121-214501',
};
const burmese = { merchantNameMy: 'အီးဆင်းမ် မြန်မာ', merchantCityMy: 'ရန်ကုန်' };

function errorOf(run: () => unknown): MmqrError {
  try {
    run();
  } catch (error) {
    if (error instanceof MmqrError) return error;
    throw error;
  }
  throw new Error('expected an MmqrError');
}

function valueOf(payload: string, tag: string): TlvField['value'] | undefined {
  return decodeTlv(payload, { nested: true }).find((field) => field.tag === tag)?.value;
}

describe('buildMmqrPayload', () => {
  it('writes the exact payload, with the CRC over everything up to 6304', () => {
    const body =
      '000201' +
      '010212' +
      '2648' +
      '0015com.mmqrpay.www' +
      '01160000000000000000' +
      '0205T0001' +
      '52044814' +
      '5303104' +
      '540880000.00' +
      '5802MM' +
      '5912ESIM MYANMAR' +
      '6006Yangon' +
      '6224' +
      '0120#NXR-20261121-214501' +
      '6304';
    expect(buildMmqrPayload(order)).toBe(body + crc16ccitt(body));
  });

  it.each([
    [
      'without a language template',
      order,
      ['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63'],
    ],
    [
      'with a language template',
      { ...order, language: burmese },
      ['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '64', '63'],
    ],
  ])('orders the tags %s', (_name, input, tags) => {
    expect(decodeTlv(buildMmqrPayload(input)).map((field) => field.tag)).toEqual(tags);
  });

  it.each<[string, TlvField['value']]>([
    ['00', '01'],
    ['01', '12'],
    [
      '26',
      [
        { tag: '00', value: 'com.mmqrpay.www' },
        { tag: '01', value: '0000000000000000' },
        { tag: '02', value: 'T0001' },
      ],
    ],
    ['52', '4814'],
    ['53', '104'],
    ['54', '80000.00'],
    ['58', 'MM'],
    ['59', 'ESIM MYANMAR'],
    ['60', 'Yangon'],
    ['62', [{ tag: '01', value: '#NXR-20261121-214501' }]],
    [
      '64',
      [
        { tag: '00', value: 'MY' },
        { tag: '01', value: burmese.merchantNameMy },
        { tag: '02', value: 'ရန်ကုန်' },
      ],
    ],
  ])('writes tag %s', (tag, expected) => {
    expect(valueOf(buildMmqrPayload({ ...order, language: burmese }), tag)).toEqual(expected);
  });

  it('uses the given merchant city instead of Yangon', () => {
    expect(valueOf(buildMmqrPayload({ ...order, merchantCity: 'Mandalay' }), '60')).toBe(
      'Mandalay',
    );
  });

  it.each([
    [80000, '80000.00'],
    [1, '1.00'],
    [0.5, '0.50'],
    [1234.5, '1234.50'],
    [0.01, '0.01'],
    [0.1 + 0.2, '0.30'],
    [9999999999.99, '9999999999.99'],
  ])('writes amount %s as %s', (amount, expected) => {
    expect(valueOf(buildMmqrPayload({ ...order, amount }), '54')).toBe(expected);
  });

  it.each<[string, Partial<MmqrPayloadInput>, string, RegExp]>([
    ['a zero amount', { amount: 0 }, 'INVALID_AMOUNT', /Tag 54/],
    ['a negative amount', { amount: -5 }, 'INVALID_AMOUNT', /Tag 54/],
    ['NaN', { amount: Number.NaN }, 'INVALID_AMOUNT', /Tag 54/],
    ['an infinite amount', { amount: Number.POSITIVE_INFINITY }, 'INVALID_AMOUNT', /Tag 54/],
    ['an amount with 3 decimals', { amount: 12.345 }, 'INVALID_AMOUNT', /more than 2 decimals/],
    ['an amount too large to write plainly', { amount: 1e22 }, 'INVALID_AMOUNT', /Tag 54/],
    [
      'an amount of 14 characters',
      { amount: 12345678901 },
      'VALUE_TOO_LONG',
      /Tag 54 \(transaction amount\) is 14/,
    ],
    [
      'a merchant name of 26 characters',
      { merchantName: 'N'.repeat(26) },
      'VALUE_TOO_LONG',
      /Tag 59 \(merchant name\) is 26/,
    ],
    [
      'a merchant city of 16 characters',
      { merchantCity: 'C'.repeat(16) },
      'VALUE_TOO_LONG',
      /Tag 60 \(merchant city\) is 16/,
    ],
    [
      'a bill number of 26 characters',
      { billNumber: `#NXR-${'9'.repeat(21)}` },
      'VALUE_TOO_LONG',
      /Tag 62\.01 is 26/,
    ],
    [
      'a Burmese city of 16 characters',
      { language: { ...burmese, merchantCityMy: 'က'.repeat(16) } },
      'VALUE_TOO_LONG',
      /Tag 64\.02 is 16/,
    ],
    [
      'an empty merchant name',
      { merchantName: '' },
      'INVALID_VALUE',
      /Tag 59 \(merchant name\) is empty/,
    ],
    ['an empty bill number', { billNumber: '' }, 'INVALID_VALUE', /Tag 62\.01 is empty/],
  ])('rejects %s', (_name, change, code, message) => {
    const error = errorOf(() => buildMmqrPayload({ ...order, ...change }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it.each<[string, Partial<MmqrPayloadInput>]>([
    ['a merchant name of 25 characters', { merchantName: 'N'.repeat(25) }],
    ['a merchant city of 15 characters', { merchantCity: 'C'.repeat(15) }],
    ['a bill number of 25 characters', { billNumber: `#NXR-${'9'.repeat(20)}` }],
    ['an amount of 13 characters', { amount: 1234567890.12 }],
  ])('accepts %s', (_name, change) => {
    expect(verifyCrc(buildMmqrPayload({ ...order, ...change }))).toBe(true);
  });

  it.each([
    ['without a language template', order],
    ['with a language template', { ...order, language: burmese }],
  ])('re-encodes to the identical string and verifies, %s', (_name, input) => {
    const payload = buildMmqrPayload(input);
    expect(encodeTlv(decodeTlv(payload, { nested: true }))).toBe(payload);
    expect(verifyCrc(payload)).toBe(true);
  });

  it('changes the CRC when any character before it changes', () => {
    const payload = buildMmqrPayload({ ...order, language: burmese });
    const body = payload.slice(0, -4);
    const crc = payload.slice(-4);
    const chars = Array.from(body);
    chars.forEach((char, index) => {
      const changed = [...chars];
      changed[index] = char === 'X' ? 'Y' : 'X';
      const tampered = changed.join('');
      expect(crc16ccitt(tampered), `character ${index}`).not.toBe(crc);
      expect(verifyCrc(tampered + crc), `character ${index}`).toBe(false);
    });
  });
});

describe('verifyCrc', () => {
  const payload = buildMmqrPayload(order);

  it.each([
    ['a built payload', payload, true],
    ['a lowercase CRC', payload.slice(0, -4) + payload.slice(-4).toLowerCase(), true],
    ['a changed CRC digit', payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0'), false],
    ['a payload without tag 63', payload.slice(0, -8), false],
    ['a CRC that is not hex', `${payload.slice(0, -4)}ZZZZ`, false],
    ['an empty string', '', false],
  ])('checks %s', (_name, input, expected) => {
    expect(verifyCrc(input)).toBe(expected);
  });
});

describe('parseMmqrPayload', () => {
  it('reads back what buildMmqrPayload wrote', () => {
    expect(parseMmqrPayload(buildMmqrPayload(order))).toEqual({
      amount: 80000,
      currency: '104',
      country: 'MM',
      merchantName: 'ESIM MYANMAR',
      merchantCity: 'Yangon',
      billNumber: '#NXR-20261121-214501',
      merchantId: '0000000000000000',
      terminalId: 'T0001',
      language: undefined,
      crcValid: true,
    });
  });

  it('reads back the language template', () => {
    const parsed = parseMmqrPayload(
      buildMmqrPayload({ ...order, amount: 12.5, language: burmese }),
    );
    expect(parsed.amount).toBe(12.5);
    expect(parsed.language).toEqual({
      code: 'MY',
      merchantName: burmese.merchantNameMy,
      merchantCity: 'ရန်ကုန်',
    });
  });

  it.each([
    [
      REFERENCE_PAYLOADS[0].payload,
      {
        amount: 4.22,
        currency: '764',
        country: 'TH',
        merchantName: undefined,
        billNumber: undefined,
        language: undefined,
      },
    ],
    [
      REFERENCE_PAYLOADS[1].payload,
      {
        amount: 12.34,
        currency: '702',
        country: 'SG',
        merchantName: 'ACME Pte Ltd',
        merchantCity: 'Singapore',
        billNumber: 'INV1234',
      },
    ],
    [
      REFERENCE_PAYLOADS[2].payload,
      {
        amount: 23.72,
        currency: '156',
        country: 'CN',
        merchantName: 'BEST TRANSPORT',
        merchantCity: 'BEIJING',
        language: { code: 'ZH', merchantName: '最佳运输', merchantCity: '北京' },
      },
    ],
  ])('reads the published payload %#', (payload, expected) => {
    expect(parseMmqrPayload(payload)).toMatchObject({
      ...expected,
      merchantId: undefined,
      terminalId: undefined,
      crcValid: true,
    });
  });

  it('reports a tampered payload as crcValid false', () => {
    const payload = buildMmqrPayload(order).replace('80000.00', '10000.00');
    expect(parseMmqrPayload(payload)).toMatchObject({ amount: 10000, crcValid: false });
  });

  it.each([
    ['tag 00 not first', '010212000201', 'TAG_ORDER', /Tag 00/],
    ['no tag 63 at the end', '0002015802MM', 'TAG_ORDER', /Tag 63/],
    ['a non-numeric amount', '0002015403abc6304ABCD', 'INVALID_AMOUNT', /"abc"/],
    ['a truncated payload', buildMmqrPayload(order).slice(0, -2), 'TRUNCATED', /Tag 63/],
  ])('rejects %s', (_name, payload, code, message) => {
    const error = errorOf(() => parseMmqrPayload(payload));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});
