import { describe, expect, it } from 'vitest';
import {
  createOrderNumber,
  isOrderNumber,
  qrFileName,
} from '../../../../src/features/purchase/lib/order-number';

describe('createOrderNumber', () => {
  it.each([
    [new Date(2026, 10, 21, 21, 45, 1), '#NXR-20261121-214501'],
    [new Date(2025, 0, 5, 3, 4, 5), '#NXR-20250105-030405'],
    [new Date(2025, 11, 31, 23, 59, 59), '#NXR-20251231-235959'],
    [new Date(2026, 1, 9, 0, 0, 0), '#NXR-20260209-000000'],
  ])('writes %s as %s from local time', (date, expected) => {
    expect(createOrderNumber(date)).toBe(expected);
    expect(isOrderNumber(expected)).toBe(true);
  });

  it.each(['NXR-20261121-214501', '#NXR-2026112-214501', '#ABC-20261121-214501', ''])(
    'does not take %j for an order number',
    (text) => expect(isOrderNumber(text)).toBe(false),
  );

  it('names the QR download after the order number', () => {
    expect(qrFileName('#NXR-20261121-214501')).toBe('NXR-20261121-214501-mmqr.png');
  });
});
