import { webcrypto } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allowOfflineCopy,
  forgetOfflineCopy,
  hasOfflineCopies,
  keepOfflineCopy,
  readOfflineCopy,
} from '../../../src/features/order/lib/offline-copy';
import type { BuyerOrder } from '../../../src/features/order/lib/order-api';

const esim = {
  iccid: '8995000000000000001',
  activationCode: 'LPA:1$smdp.example.com$MATCH-ONE',
  smdpAddress: 'smdp.example.com',
  matchingId: 'MATCH-ONE',
  installState: null,
  installStateAt: null,
};

const order = (id: string, delivered = true): BuyerOrder => ({
  id,
  number: `NXR-${id}`,
  planId: 'power-30',
  operatorId: 'mpt',
  status: 'paid',
  contactKind: 'email',
  delivery: {
    state: delivered ? 'assigned' : 'waiting_for_stock',
    esim: delivered ? esim : null,
    promisedBy: null,
    reason: null,
    email: { state: 'sent', attempts: 1 },
  },
});

describe('the order page kept on this device (issue #42)', () => {
  // jsdom has no SubtleCrypto; the browser's (and Node's) hashes the token.
  beforeAll(() => vi.stubGlobal('crypto', webcrypto));
  beforeEach(() => localStorage.clear());

  it('keeps an order with its eSIM, and opens it only for the link it was saved from', async () => {
    const kept = await keepOfflineCopy(order('a'), 'token-a', 1_700_000_000_000);
    expect(kept?.savedAt).toBe(1_700_000_000_000);
    expect(hasOfflineCopies()).toBe(true);
    const copy = await readOfflineCopy('a', 'token-a');
    expect(copy?.order.delivery?.esim?.activationCode).toBe(esim.activationCode);
    expect(copy?.savedAt).toBe(1_700_000_000_000);
    // Another token, another order: nothing.
    expect(await readOfflineCopy('a', 'token-b')).toBeNull();
    expect(await readOfflineCopy('b', 'token-a')).toBeNull();
    // The token itself is never stored.
    expect(JSON.stringify({ ...localStorage })).not.toContain('token-a');
  });

  it('keeps nothing for an order without an eSIM, and drops a copy once the eSIM is gone', async () => {
    expect(await keepOfflineCopy(order('a', false), 'token-a')).toBeNull();
    expect(hasOfflineCopies()).toBe(false);
    await keepOfflineCopy(order('a'), 'token-a');
    await keepOfflineCopy(
      { ...order('a'), delivery: { ...order('a').delivery!, state: 'withdrawn', esim: null } },
      'token-a',
    );
    expect(await readOfflineCopy('a', 'token-a')).toBeNull();
  });

  it('forgets on request, keeps nothing more until asked again', async () => {
    await keepOfflineCopy(order('a'), 'token-a');
    await keepOfflineCopy(order('b'), 'token-b');
    forgetOfflineCopy('a');
    expect(await readOfflineCopy('a', 'token-a')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('NXR-a');
    expect(await keepOfflineCopy(order('a'), 'token-a')).toBeNull();
    // The other order stays.
    expect((await readOfflineCopy('b', 'token-b'))?.order.number).toBe('NXR-b');
    allowOfflineCopy('a');
    expect(await keepOfflineCopy(order('a'), 'token-a')).not.toBeNull();
  });

  it('reads a damaged copy as none', async () => {
    localStorage.setItem('esim-shop.offline-order.a', '{"v":1,"order":{}}');
    expect(await readOfflineCopy('a', 'token-a')).toBeNull();
  });
});
