import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOrderNumber,
  isOrderId,
  isOrderNumber,
  newOrderId,
  nthOrderNumber,
  orderNumbersIn,
  parseOrderNumber,
  qrFileName,
} from '#domain/order-number';

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

  it.each([
    'NXR-20261121-214501',
    '#NXR-2026112-214501',
    '#ABC-20261121-214501',
    '#NXR-20261121-214501-',
    '#NXR-20261121-214501-0',
    '#NXR-20261121-214501-10000',
    '',
  ])('does not take %j for an order number', (text) => expect(isOrderNumber(text)).toBe(false));

  it('names the QR download after the order number', () => {
    expect(qrFileName('#NXR-20261121-214501')).toBe('NXR-20261121-214501-mmqr.png');
  });
});

describe('order numbers after the first of a second (decision 069)', () => {
  it('adds -2, -3 … to the second and later orders of one second, within MMQR’s 25 characters', () => {
    expect(nthOrderNumber('#NXR-20261121-214501', 1)).toBe('#NXR-20261121-214501');
    expect(nthOrderNumber('#NXR-20261121-214501', 2)).toBe('#NXR-20261121-214501-2');
    const last = nthOrderNumber('#NXR-20261121-214501', 9999);
    expect(last).toBe('#NXR-20261121-214501-9999');
    expect(last.length).toBeLessThanOrEqual(25);
    expect(isOrderNumber(last)).toBe(true);
    expect(qrFileName(last)).toBe('NXR-20261121-214501-9999-mmqr.png');
  });

  it.each([
    ['#NXR-20261121-214501', '#NXR-20261121-214501'],
    ['NXR-20261121-214501-12', '#NXR-20261121-214501-12'],
    [' nxr 20261121 214501 ', '#NXR-20261121-214501'],
    ['#ＮＸＲ-၂၀၂၆၁၁၂၁-၂၁၄၅၀၁', '#NXR-20261121-214501'],
  ])('reads %j as %s', (text, expected) => expect(parseOrderNumber(text)).toBe(expected));

  it.each(['', 'NXR', '20261121-214501', 'Order NXR-20261121-214501', '#NXR-20261121-2145011'])(
    'does not read %j as one order number',
    (text) => expect(parseOrderNumber(text)).toBeNull(),
  );

  it('finds every order number a note names, once each', () => {
    expect(
      orderNumbersIn(
        'Bill NXR-20261121-214501-3, ref #NXR-20261121-214501-3 and nxr20261121214502',
      ),
    ).toEqual(['#NXR-20261121-214501-3', '#NXR-20261121-214502']);
    expect(orderNumbersIn('Paid 80,000 Ks 2026-11-21 21:45:01')).toEqual([]);
  });
});

describe('newOrderId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a different random UUID v4 each time', () => {
    const ids = Array.from({ length: 50 }, newOrderId);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(isOrderId(id)).toBe(true);
  });

  it('makes one from getRandomValues where randomUUID is missing (plain HTTP)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const ids = [newOrderId(), newOrderId()];
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    '',
    'order-1',
    '6F1C2A4E-8B3D-4F5A-9C7E-1D2B3A4C5E6F',
    '6f1c2a4e-8b3d-1f5a-9c7e-1d2b3a4c5e6f',
    42,
  ])('does not take %j for an order id', (value) => expect(isOrderId(value)).toBe(false));
});
