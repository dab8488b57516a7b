import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  webhookStatus,
  enqueueOrder,
  flushWebhookQueue,
  WEBHOOK_QUEUE_KEY,
  pruneWebhookQueue,
  readWebhookQueue,
  startWebhookQueue,
  submitOrder,
} from '../../../../src/features/purchase/lib/webhook-queue';
import type { OrderRecord } from '../../../../src/features/purchase/lib/order-record';
import { server } from '../../../support/msw-server';

const WEBHOOK = 'https://hooks.shop.example/orders';
const T0 = Date.parse('2026-11-21T15:00:00Z');

const ORDER_ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f';
const DAY = 24 * 60 * 60_000;

/** A confirmed order as the shop makes it; other orders get their own id from their number. */
const record = (orderNumber = '#NXR-20261121-214501'): OrderRecord => ({
  orderId:
    orderNumber === '#NXR-20261121-214501'
      ? ORDER_ID
      : `6f1c2a4e-8b3d-4f5a-9c7e-${orderNumber.replace(/\D/g, '').slice(-12)}`,
  orderNumber,
  planId: 'power-30',
  planName: 'Power User',
  operatorId: 'mpt',
  operatorName: 'MPT',
  contact: '09123456789',
  contactKind: 'phone',
  price: 80_000,
  currency: 'MMK',
  transactionId: 'KBZ-1',
  transactionTime: '2026-11-21T15:03:00.000Z',
  verifiedBy: 'gemini',
  payeeShown: true,
  language: 'en',
  orderedAt: '2026-11-21T15:00:00.000Z',
  verifiedAt: '2026-11-21T15:05:00.000Z',
});

/** A webhook that answers each POST with the next status in `statuses` (the last one repeats). */
function webhook(...statuses: number[]) {
  const received: unknown[] = [];
  const keys: (string | null)[] = [];
  server.use(
    http.post(WEBHOOK, async ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      received.push(await request.json());
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return status === 0 ? HttpResponse.error() : new HttpResponse(null, { status });
    }),
  );
  return { received, keys };
}

/** What localStorage holds, as text: to check that something is no longer kept. */
const storedText = () => localStorage.getItem(WEBHOOK_QUEUE_KEY) ?? '';

// The queue keeps an entry for a week from the clock's now: the fixtures' day, not the day the
// suite runs (it failed a week after they were written).
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: T0 }));
afterEach(() => vi.useRealTimers());

describe('the webhook queue', () => {
  it('backs off 5 s, 10 s, 20 s ... up to 10 minutes', () => {
    expect([1, 2, 3, 4, 8, 20].map(backoffDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 600_000, 600_000,
    ]);
  });

  it('POSTs a confirmed order as JSON with its id as the Idempotency-Key, without any image', async () => {
    const { received, keys } = webhook(201);
    enqueueOrder(record(), T0);
    expect(webhookStatus(record().orderNumber)).toBe('pending');
    await expect(flushWebhookQueue({ url: WEBHOOK, now: () => T0 })).resolves.toBeNull();
    expect(received).toEqual([record()]);
    expect(keys).toEqual([ORDER_ID]);
    expect(JSON.stringify(received)).not.toMatch(/base64|inlineData|image/i);
    expect(webhookStatus(record().orderNumber)).toBe('delivered');
  });

  it('keeps nothing personal once the order is delivered: the contact and the rest are dropped', async () => {
    webhook(200);
    enqueueOrder(record(), T0);
    expect(storedText()).toContain('09123456789');
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 });
    expect(storedText()).not.toMatch(/09123456789|KBZ-1|Power User/);
    expect(readWebhookQueue(T0)).toEqual([
      expect.objectContaining({ orderNumber: record().orderNumber, order: null, deliveredAt: T0 }),
    ]);
  });

  it('says so when the browser refuses to store the order, and its status is unknown', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(enqueueOrder(record(), T0)).toBe(false);
    setItem.mockRestore();
    expect(webhookStatus(record().orderNumber)).toBe('unknown');
    expect(enqueueOrder(record(), T0)).toBe(true);
  });

  it('keeps one entry per order number', () => {
    enqueueOrder(record(), T0);
    enqueueOrder(record(), T0 + 1);
    expect(readWebhookQueue()).toHaveLength(1);
  });

  it('retries with backoff until the webhook accepts, and survives a reload', async () => {
    const { received, keys } = webhook(500, 0, 503, 200);
    enqueueOrder(record(), T0);

    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 })).toBe(T0 + 5_000);
    expect(readWebhookQueue()[0]).toMatchObject({ attempts: 1, lastError: 'HTTP 500' });

    // Not due yet: nothing is sent.
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 4_000 })).toBe(T0 + 5_000);
    expect(received).toHaveLength(1);

    // The webhook queue lives in localStorage, so what follows is what a reloaded page would do.
    expect(JSON.parse(localStorage.getItem(WEBHOOK_QUEUE_KEY)!)).toHaveLength(1);
    expect(webhookStatus(record().orderNumber)).toBe('pending');
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 5_000 })).toBe(T0 + 15_000);
    // Failed twice: the buyer is offered to send the order by hand as well.
    expect(webhookStatus(record().orderNumber)).toBe('retrying');
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 15_000 })).toBe(T0 + 35_000);
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 35_000 })).toBeNull();
    expect(received).toHaveLength(4);
    // Every attempt carries the same key, so the webhook can drop a duplicate.
    expect(new Set(keys)).toEqual(new Set([ORDER_ID]));
    expect(webhookStatus(record().orderNumber)).toBe('delivered');
  });

  it('sends each waiting order independently', async () => {
    const { received } = webhook(200);
    enqueueOrder(record('#NXR-20261121-100000'), T0);
    enqueueOrder(record('#NXR-20261121-110000'), T0);
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 });
    expect(received.map((order) => (order as OrderRecord).orderNumber)).toEqual([
      '#NXR-20261121-100000',
      '#NXR-20261121-110000',
    ]);
  });

  it('keeps delivering on its own with timers, and when the connection comes back', async () => {
    const { received } = webhook(500, 200);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
    enqueueOrder(record(), Date.now());
    const stop = startWebhookQueue(WEBHOOK);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await vi.waitFor(() => expect(readWebhookQueue()[0]?.attempts).toBe(1));
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(webhookStatus(record().orderNumber)).toBe('delivered'));
    expect(received).toHaveLength(2);

    enqueueOrder(record('#NXR-20261121-120000'), Date.now());
    await vi.waitFor(() => expect(received).toHaveLength(3));
    stop();
  });

  it.each([400, 401, 403, 404, 405, 410, 413, 422])(
    'stops retrying an order the webhook refuses for good (%i); the buyer sends it by hand',
    async (status) => {
      const { received } = webhook(status, 200);
      enqueueOrder(record(), T0);
      expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 })).toBeNull();
      expect(webhookStatus(record().orderNumber)).toBe('failed');
      expect(readWebhookQueue(T0)[0]).toMatchObject({ lastError: `HTTP ${status}`, failedAt: T0 });
      expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + DAY })).toBeNull();
      expect(received).toHaveLength(1);
      expect(storedText()).not.toContain('09123456789');
    },
  );

  it.each([408, 409, 425, 429, 500, 503])('retries after a temporary %i', async (status) => {
    const { received } = webhook(status, 200);
    enqueueOrder(record(), T0);
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 })).toBe(T0 + 5_000);
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 5_000 });
    expect(received).toHaveLength(2);
    expect(webhookStatus(record().orderNumber)).toBe('delivered');
  });
});

describe('the webhook queue sends only what the shop made', () => {
  /** An entry as the shop stores it, with `change` applied to its order. */
  const handWritten = (change: Record<string, unknown>, remove: string[] = []) => {
    const order: Record<string, unknown> = { ...record(), ...change };
    for (const key of remove) delete order[key];
    return {
      orderId: ORDER_ID,
      orderNumber: record().orderNumber,
      attempts: 0,
      queuedAt: T0,
      nextAttemptAt: T0,
      deliveredAt: null,
      failedAt: null,
      lastError: null,
      order,
    };
  };

  it.each<[string, Record<string, unknown>, string[]?]>([
    ['an unknown plan', { planId: 'unlimited-365' }],
    ['a plan not for sale, at its own price', { planId: 'tourist-7', price: 35_000 }],
    ['a price that is not the catalogue’s', { price: 1 }],
    ['a price as text', { price: '80000' }],
    ['another currency', { currency: 'USD' }],
    ['an unknown operator', { operatorId: 'telenor' }],
    ['a contact that fails the contact check', { contact: 'call me maybe' }],
    ['HTML in the contact', { contact: '<img src=x onerror=alert(1)>@x.io', contactKind: 'email' }],
    ['a contact of the other kind', { contactKind: 'email' }],
    ['CRLF in the transaction id', { transactionId: 'KBZ-1\r\nX-Injected: 1' }],
    ['HTML in the transaction id', { transactionId: '<script>alert(1)</script>' }],
    ['a right-to-left override in the transaction id', { transactionId: 'KBZ\u202e1' }],
    ['an over-long transaction id', { transactionId: 'K'.repeat(65) }],
    ['a demo order (no payment was checked)', { verifiedBy: 'demo' }],
    ['an unknown reader', { verifiedBy: 'staff' }],
    ['an unknown language', { language: 'fr' }],
    ['a time that is not ISO', { verifiedAt: 'yesterday' }],
    ['a transaction time that is not ISO', { transactionTime: 12 }],
    ['an order number of another shape', { orderNumber: 'NXR-1' }],
    ['a missing contact', {}, ['contact']],
    ['a missing price', {}, ['price']],
    ['a missing transaction id', {}, ['transactionId']],
  ])('drops an entry written by hand with %s, and POSTs nothing', async (_name, change, remove) => {
    const { received } = webhook(200);
    localStorage.setItem(WEBHOOK_QUEUE_KEY, JSON.stringify([handWritten(change, remove)]));
    expect(await flushWebhookQueue({ url: WEBHOOK, now: () => T0 })).toBeNull();
    expect(received).toEqual([]);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
    expect(webhookStatus(record().orderNumber)).toBe('unknown');
  });

  it('sends a good entry beside a bad one, with names from the catalogue and no extra fields', async () => {
    const { received } = webhook(200);
    const good = handWritten({ planName: '<b>Free</b>', note: 'hello' });
    const bad = { ...handWritten({ price: 0 }), orderNumber: '#NXR-20261121-100000' };
    localStorage.setItem(WEBHOOK_QUEUE_KEY, JSON.stringify([bad, good, 'junk', null]));
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 });
    expect(received).toEqual([record()]);
  });

  it('refuses to queue an order it would not send', () => {
    expect(enqueueOrder({ ...record(), price: 1 }, T0)).toBe(false);
    expect(enqueueOrder({ ...record(), verifiedBy: 'demo' }, T0)).toBe(false);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
  });

  it('gives an entry stored before orders had ids one id, which stays', async () => {
    const { received, keys } = webhook(500, 200);
    const legacy = {
      order: Object.fromEntries(Object.entries(record()).filter(([key]) => key !== 'orderId')),
      attempts: 0,
      nextAttemptAt: T0,
      deliveredAt: null,
      lastError: null,
    };
    localStorage.setItem(WEBHOOK_QUEUE_KEY, JSON.stringify([legacy]));
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 });
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 5_000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(keys[1]).toBe(keys[0]);
    expect((received[0] as OrderRecord).orderId).toBe(keys[0]);
  });
});

describe('the webhook queue keeps data as the privacy policy says', () => {
  it('drops an order never delivered 7 days after it was queued, contact and all', () => {
    enqueueOrder(record(), T0);
    pruneWebhookQueue(T0 + 7 * DAY - 1);
    expect(storedText()).toContain('09123456789');
    pruneWebhookQueue(T0 + 7 * DAY);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
  });

  it('forgets a delivered order 7 days after delivery', async () => {
    webhook(200);
    enqueueOrder(record(), T0);
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 + 60_000 });
    pruneWebhookQueue(T0 + 60_000 + 7 * DAY - 1);
    expect(readWebhookQueue(T0 + 60_000 + 7 * DAY - 1)).toHaveLength(1);
    pruneWebhookQueue(T0 + 60_000 + 7 * DAY);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
  });

  it('prunes when it starts, without waiting for a later write', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
    enqueueOrder(record(), T0);
    vi.setSystemTime(T0 + 7 * DAY + 1);
    const stop = startWebhookQueue(WEBHOOK);
    // Nothing was sent (the order was too old), and nothing is kept.
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
    stop();
  });
});

describe('submitting a confirmed order', () => {
  it('never sends a demo order', async () => {
    const { received } = webhook(200);
    await submitOrder({ ...record(), verifiedBy: 'demo' }, { url: WEBHOOK, now: T0 });
    await flushWebhookQueue({ url: WEBHOOK, now: () => T0 });
    expect(received).toEqual([]);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
    expect(webhookStatus(record().orderNumber)).toBe('unknown');
  });

  it('queues the order and sends it at once', async () => {
    const { received } = webhook(200);
    await submitOrder(record(), { url: WEBHOOK, now: Date.now() });
    await vi.waitFor(() => expect(webhookStatus(record().orderNumber)).toBe('delivered'));
    expect(received).toEqual([record()]);
  });

  it.each([
    [
      'full',
      () =>
        vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
          throw new DOMException('full', 'QuotaExceededError');
        }),
    ],
    [
      'disabled',
      () =>
        vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
          throw new DOMException('denied', 'SecurityError');
        }),
    ],
  ])(
    'with storage %s, POSTs once from memory while the buyer is asked to keep the page open',
    async (_name, breakStorage) => {
      let answer: () => void = () => {};
      const keys: (string | null)[] = [];
      server.use(
        http.post(WEBHOOK, async ({ request }) => {
          keys.push(request.headers.get('idempotency-key'));
          await new Promise<void>((resolve) => (answer = resolve));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const broken = breakStorage();
      const sent = submitOrder(record('#NXR-20261121-130000'), { url: WEBHOOK, now: T0 });
      expect(webhookStatus('#NXR-20261121-130000')).toBe('unsaved');
      // Leaving now would lose the order: the browser asks first.
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      expect(leaving.defaultPrevented).toBe(true);
      await vi.waitFor(() => expect(keys).toHaveLength(1));
      answer();
      await sent;
      broken.mockRestore();
      expect(webhookStatus('#NXR-20261121-130000')).toBe('delivered');
      expect(keys).toEqual([record('#NXR-20261121-130000').orderId]);
      const after = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
    },
  );

  it('offers the hand-off when the one send from memory fails, and does not retry', async () => {
    const { received } = webhook(503);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await submitOrder(record('#NXR-20261121-140000'), { url: WEBHOOK, now: T0 });
    expect(webhookStatus('#NXR-20261121-140000')).toBe('failed');
    expect(received).toHaveLength(1);
  });
});
