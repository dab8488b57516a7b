import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { limitKeyOfAddress } from '../../src/platform/client-address';
import { orderBody } from '../support/shop';
import { testStore, useTestApp } from '../support/test-app';

/**
 * Review N2 (decision 120): per-client limits key an IPv6 client by its /64 (IPV6_LIMIT_PREFIX),
 * so 200 source addresses from one /64 are one client; per-address ceilings leave room for a
 * carrier's NAT. Before, the raw address was the key and each fresh address a fresh budget.
 */
const from = (address: string) => ({ 'X-Forwarded-For': address });
/** The n-th address of one /64: only the interface half changes. */
const inOne64 = (n: number) =>
  `2001:db8:77:1:${(n >> 16).toString(16)}:${n & 0xffff}:abcd:${n.toString(16)}`;

describe('limit keys of addresses', () => {
  it('keys IPv6 by its network, IPv4-mapped as IPv4, and drops a zone id', () => {
    expect(limitKeyOfAddress('2001:db8:77:1::5')).toBe('2001:db8:77:1:0:0:0:0/64');
    expect(limitKeyOfAddress('2001:DB8:77:1:ffff:1:2:3')).toBe('2001:db8:77:1:0:0:0:0/64');
    expect(limitKeyOfAddress('2001:db8:77:1::5', 48)).toBe('2001:db8:77:0:0:0:0:0/48');
    expect(limitKeyOfAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOfAddress('fe80::1%eth0')).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(limitKeyOfAddress('203.0.113.9')).toBe('203.0.113.9');
  });

  it('defaults to /64 and per-address ceilings a carrier NAT does not reach at once', () => {
    const config = loadConfig({});
    expect(config.ipv6Prefix).toBe(64);
    expect(config.limits.ordersPerAddress.limit).toBeGreaterThanOrEqual(100);
    expect(config.limits.receiptsPerAddress.limit).toBeGreaterThanOrEqual(100);
  });
});

describe(`200 addresses from one /64 (${testStore})`, () => {
  const t = useTestApp({
    env: { TRUST_PROXY: 'true', ORDER_LIMIT_PER_ADDRESS: '5', AI_RATE_LIMIT: '3' },
  });

  it('are one client for the order limit: 5 orders pass, 195 are refused, another /64 still orders', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 200; n += 1) {
      const answer = await t.call('POST', '/api/orders', orderBody(), from(inOne64(n)));
      statuses.push(answer.status);
    }
    expect(new Set(statuses)).toEqual(new Set([201, 429]));
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    const other = await t.call('POST', '/api/orders', orderBody(), from('2001:db8:77:2::1'));
    expect(other.status).toBe(201);
  });

  it('are one client for /ai: 3 calls reach the model, the other 197 are refused', async () => {
    t.gemini.answer(() =>
      Response.json({ candidates: [{ content: { parts: [{ text: 'hi' }] } }] }),
    );
    const statuses: number[] = [];
    for (let n = 1; n <= 200; n += 1) {
      const answer = await t.call(
        'POST',
        '/ai/v1beta/models/gemini-2.5-flash:generateContent',
        { contents: [{ role: 'user', parts: [{ text: 'Which plan for a week in Yangon?' }] }] },
        from(inOne64(n)),
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(197);
    expect(t.gemini.calls).toHaveLength(3);
  });
});
