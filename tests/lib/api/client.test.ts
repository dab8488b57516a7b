import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverCheckout } from '../../../src/features/purchase/lib/server-checkout';
import { fetchStaffOrders } from '../../../src/features/staff/lib/staff-api';
import { ApiError, apiRequest } from '../../../src/lib/api/client';
import { shopOrder } from '../../support/shop-order';

const API = 'http://api.test';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    }),
  );

/** Issue #26 point 2 (decision 090): one client for every call, so every caller gets the same. */
describe('the one API client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends no Referer with the purchase flow’s calls, as with the staff page’s', async () => {
    const fetch = answer(201, { order: shopOrder(), token: 'order-token-1' });
    await serverCheckout(API).createOrder(
      { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' },
      'en',
      'key-1',
      new AbortController().signal,
    );
    fetch.mockResolvedValue(new Response(JSON.stringify({ orders: [] })));
    await fetchStaffOrders(API, 'staff-key');
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.referrerPolicy])).toEqual([
      [`${API}/api/orders`, 'no-referrer'],
      [`${API}/api/staff/orders?limit=50`, 'no-referrer'],
    ]);
  });

  it('reads one error shape with its details and Retry-After, whoever calls', async () => {
    answer(
      429,
      {
        error: { code: 'rate_limited', message: 'Slow down', details: [{ line: 3, problem: 'x' }] },
      },
      { 'Retry-After': '540', 'X-AI-Mode': 'demo' },
    );
    const error = await apiRequest(API, '/api/staff/stock').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Slow down',
      details: [{ line: 3, problem: 'x' }],
      retryAfterSeconds: 540,
    });
    expect(sessionStorage.getItem('esim-shop.server-ai-mode')).toBe('demo');
  });

  it('answers an unreadable error body with the status, and no server with status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>', { status: 502 }));
    await expect(apiRequest(API, '/api/availability')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      retryAfterSeconds: null,
    });
    await expect(apiRequest(undefined, '/api/availability')).rejects.toMatchObject({
      status: 0,
      code: 'not_configured',
    });
  });
});
