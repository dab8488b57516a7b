import { describe, expect, it } from 'vitest';
import {
  createQrMatrix,
  orderPayload,
  qrPath,
} from '../../../../src/features/purchase/lib/payment-qr';
import { parseMmqrPayload } from '#domain/mmqr/payload';
import { order } from './fixtures';

const merchant = {
  merchantId: '1234567890123456',
  terminalId: 'T01',
  merchantName: 'ESIM MYANMAR',
  merchantNameMy: undefined,
  merchantCityMy: undefined,
};

describe('orderPayload', () => {
  it('carries the order number, the price in MMK and Myanmar, with a valid CRC', () => {
    expect(parseMmqrPayload(orderPayload(order, merchant))).toEqual({
      amount: 80_000,
      currency: '104',
      country: 'MM',
      merchantName: 'ESIM MYANMAR',
      merchantCity: 'Yangon',
      billNumber: '#NXR-20261121-214501',
      merchantId: '1234567890123456',
      terminalId: 'T01',
      language: undefined,
      crcValid: true,
    });
  });

  it('adds the Burmese language template when both Burmese values are configured', () => {
    const payload = orderPayload(order, {
      ...merchant,
      merchantNameMy: 'အီးဆင်းမ် မြန်မာ',
      merchantCityMy: 'ရန်ကုန်',
    });
    expect(parseMmqrPayload(payload).language).toEqual({
      code: 'MY',
      merchantName: 'အီးဆင်းမ် မြန်မာ',
      merchantCity: 'ရန်ကုန်',
    });
  });

  it('builds from the configured merchant by default', () => {
    expect(parseMmqrPayload(orderPayload(order)).crcValid).toBe(true);
  });
});

describe('the QR matrix', () => {
  it('encodes the payload with the lazily loaded QR library and draws it as a path', async () => {
    const matrix = await createQrMatrix(orderPayload(order, merchant));
    expect(matrix.size).toBeGreaterThanOrEqual(21);
    // Finder pattern in the top-left corner: a dark 7×7 ring.
    expect(matrix.isDark(0, 0)).toBe(true);
    expect(matrix.isDark(0, 6)).toBe(true);
    expect(matrix.isDark(1, 1)).toBe(false);
    const path = qrPath(matrix, 1);
    expect(path.startsWith('M1 1h1v1h-1z')).toBe(true);
    let dark = 0;
    for (let row = 0; row < matrix.size; row++) {
      for (let column = 0; column < matrix.size; column++) if (matrix.isDark(row, column)) dark++;
    }
    expect(path.split('z').length - 1).toBe(dark);
  });
});
