import { describe, it, expect } from 'vitest';
import { crc16ccitt } from '#domain/mmqr/crc16';
import { REFERENCE_PAYLOADS } from './reference-payloads';

describe('crc16ccitt', () => {
  // Expected values cross-checked with Python's binascii.crc_hqx(data, 0xFFFF).
  it.each([
    ['the CRC-16/CCITT-FALSE check value', '123456789', '29B1'],
    ['an empty string (the initial value)', '', 'FFFF'],
    ['a single letter', 'A', 'B915'],
    ['a result with leading zeros, kept 4 digits long', 'x342', '00C3'],
    ['Chinese text, hashed as UTF-8 bytes', '北京', '0131'],
    ['Burmese text, hashed as UTF-8 bytes', 'ရန်ကုန်', 'BCAA'],
  ])('computes %s', (_name, input, expected) => {
    expect(crc16ccitt(input)).toBe(expected);
  });

  it.each(REFERENCE_PAYLOADS)('reproduces the CRC of the $name payload', ({ payload, crc }) => {
    expect(crc16ccitt(payload.slice(0, -4))).toBe(crc);
  });

  it('always returns 4 uppercase hex digits', () => {
    for (let i = 0; i < 500; i++) {
      expect(crc16ccitt(`order-${i}`)).toMatch(/^[0-9A-F]{4}$/);
    }
  });
});
