import { describe, expect, it } from 'vitest';
import {
  KEEP_USED_COUNT,
  pruneUsedTransactions,
  rememberTransactionId,
  USED_TRANSACTIONS_KEY,
  usedTransactionIds,
} from '../../../../src/features/purchase/lib/used-transactions';

const T0 = Date.parse('2026-11-21T15:00:00Z');
const DAY = 24 * 60 * 60_000;

describe('used transaction ids', () => {
  it('remembers an accepted id for 7 days, then forgets it', () => {
    rememberTransactionId('kbz 0001', T0);
    expect(usedTransactionIds(T0 + 7 * DAY - 1)).toEqual(new Set(['KBZ0001']));
    expect(usedTransactionIds(T0 + 7 * DAY)).toEqual(new Set());
    expect(localStorage.getItem(USED_TRANSACTIONS_KEY)).toBeNull();
  });

  it('keeps the newest ids only, at most 200', () => {
    for (let i = 0; i < KEEP_USED_COUNT + 5; i += 1)
      rememberTransactionId(`TXN-${100000 + i}`, T0 + i);
    const ids = usedTransactionIds(T0 + 1_000);
    expect(ids.size).toBe(KEEP_USED_COUNT);
    expect(ids.has('100000')).toBe(false);
    expect(ids.has(`${100000 + KEEP_USED_COUNT + 4}`)).toBe(true);
  });

  it('removes old ids when the app starts, not only on the next accepted receipt', () => {
    rememberTransactionId('OLD-100001', T0);
    rememberTransactionId('NEW-200002', T0 + 6 * DAY);
    pruneUsedTransactions(T0 + 7 * DAY);
    const stored = localStorage.getItem(USED_TRANSACTIONS_KEY) ?? '';
    expect(stored).not.toContain('100001');
    expect(stored).toContain('200002');
  });

  it('drops what it does not recognise', () => {
    localStorage.setItem(
      USED_TRANSACTIONS_KEY,
      JSON.stringify([{ id: 1 }, 'x', { id: 'A', at: T0 }]),
    );
    pruneUsedTransactions(T0);
    expect(JSON.parse(localStorage.getItem(USED_TRANSACTIONS_KEY) ?? '')).toEqual([
      { id: 'A', at: T0 },
    ]);
  });
});
