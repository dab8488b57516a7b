import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWebhookQueue } from '../../../../src/features/purchase/hooks/use-webhook-queue';
import { USED_TRANSACTIONS_KEY } from '../../../../src/features/purchase/lib/used-transactions';

afterEach(() => vi.useRealTimers());

describe('useWebhookQueue', () => {
  it('applies the storage limits on start, also without a webhook', async () => {
    const now = Date.parse('2026-11-21T15:00:00Z');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now });
    const week = 7 * 24 * 60 * 60_000;
    localStorage.setItem(
      USED_TRANSACTIONS_KEY,
      JSON.stringify([
        { id: 'OLD', at: now - week },
        { id: 'NEW', at: now - 60_000 },
      ]),
    );
    renderHook(() => useWebhookQueue());
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(USED_TRANSACTIONS_KEY) ?? '[]')).toEqual([
        { id: 'NEW', at: now - 60_000 },
      ]),
    );
  });
});
