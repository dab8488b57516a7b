import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  deliveryStatus,
  enqueueOrder,
  flushOutbox,
  OUTBOX_KEY,
  readOutbox,
  startOutbox,
  type OrderRecord,
} from '../../../../src/features/purchase/lib/outbox';
import { server } from '../../../support/msw-server';

const WEBHOOK = 'https://hooks.shop.example/orders';
const T0 = Date.parse('2026-11-21T15:00:00Z');

const record = (orderNumber = '#NXR-20261121-214501'): OrderRecord => ({
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
  language: 'en',
  orderedAt: '2026-11-21T15:00:00.000Z',
  verifiedAt: '2026-11-21T15:05:00.000Z',
});

/** A webhook that answers each POST with the next status in `statuses` (the last one repeats). */
function webhook(...statuses: number[]) {
  const received: unknown[] = [];
  server.use(
    http.post(WEBHOOK, async ({ request }) => {
      received.push(await request.json());
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return status === 0 ? HttpResponse.error() : new HttpResponse(null, { status });
    }),
  );
  return received;
}

afterEach(() => vi.useRealTimers());

describe('the order outbox', () => {
  it('backs off 5 s, 10 s, 20 s ... up to 10 minutes', () => {
    expect([1, 2, 3, 4, 8, 20].map(backoffDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 600_000, 600_000,
    ]);
  });

  it('POSTs a confirmed order as JSON, without any image, and marks it delivered', async () => {
    const received = webhook(201);
    enqueueOrder(record(), T0);
    expect(deliveryStatus(record().orderNumber)).toBe('pending');
    await expect(flushOutbox({ url: WEBHOOK, now: () => T0 })).resolves.toBeNull();
    expect(received).toEqual([record()]);
    expect(JSON.stringify(received)).not.toMatch(/base64|inlineData|image/i);
    expect(deliveryStatus(record().orderNumber)).toBe('delivered');
  });

  it('says so when the browser refuses to store the order, and its status is unknown', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(enqueueOrder(record(), T0)).toBe(false);
    setItem.mockRestore();
    expect(deliveryStatus(record().orderNumber)).toBe('unknown');
    expect(enqueueOrder(record(), T0)).toBe(true);
  });

  it('keeps one entry per order number', () => {
    enqueueOrder(record(), T0);
    enqueueOrder(record(), T0 + 1);
    expect(readOutbox()).toHaveLength(1);
  });

  it('retries with backoff until the webhook accepts, and survives a reload', async () => {
    const received = webhook(500, 0, 503, 200);
    enqueueOrder(record(), T0);

    expect(await flushOutbox({ url: WEBHOOK, now: () => T0 })).toBe(T0 + 5_000);
    expect(readOutbox()[0]).toMatchObject({ attempts: 1, lastError: 'HTTP 500' });

    // Not due yet: nothing is sent.
    expect(await flushOutbox({ url: WEBHOOK, now: () => T0 + 4_000 })).toBe(T0 + 5_000);
    expect(received).toHaveLength(1);

    // The outbox lives in localStorage, so what follows is what a reloaded page would do.
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toHaveLength(1);
    expect(deliveryStatus(record().orderNumber)).toBe('pending');
    expect(await flushOutbox({ url: WEBHOOK, now: () => T0 + 5_000 })).toBe(T0 + 15_000);
    // Failed twice: the buyer is offered to send the order by hand as well.
    expect(deliveryStatus(record().orderNumber)).toBe('retrying');
    expect(await flushOutbox({ url: WEBHOOK, now: () => T0 + 15_000 })).toBe(T0 + 35_000);
    expect(await flushOutbox({ url: WEBHOOK, now: () => T0 + 35_000 })).toBeNull();
    expect(received).toHaveLength(4);
    expect(deliveryStatus(record().orderNumber)).toBe('delivered');
  });

  it('sends each waiting order independently', async () => {
    const received = webhook(200);
    enqueueOrder(record('#NXR-20261121-100000'), T0);
    enqueueOrder(record('#NXR-20261121-110000'), T0);
    await flushOutbox({ url: WEBHOOK, now: () => T0 });
    expect(received.map((order) => (order as OrderRecord).orderNumber)).toEqual([
      '#NXR-20261121-100000',
      '#NXR-20261121-110000',
    ]);
  });

  it('keeps delivering on its own with timers, and when the connection comes back', async () => {
    const received = webhook(500, 200);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
    enqueueOrder(record(), Date.now());
    const stop = startOutbox(WEBHOOK);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await vi.waitFor(() => expect(readOutbox()[0]?.attempts).toBe(1));
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(deliveryStatus(record().orderNumber)).toBe('delivered'));
    expect(received).toHaveLength(2);

    enqueueOrder(record('#NXR-20261121-120000'), Date.now());
    await vi.waitFor(() => expect(received).toHaveLength(3));
    stop();
  });
});
