import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryWait, orderWatchPolicy, startOrderWatch } from '../../src/lib/order-watch';
import type { OrderDelivery } from '../../src/lib/delivery';

/** Issue #39 point 7: one watch of an order, one cadence per wait, for every page that asks. */

let visibility: DocumentVisibilityState = 'visible';
const show = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The times (ms after the start) at which `ask` was called within `span`. */
async function askedAt(
  wait: Parameters<typeof startOrderWatch>[0],
  span: number,
  options?: { atOnce?: boolean },
) {
  const times: number[] = [];
  const start = Date.now();
  const stop = startOrderWatch(
    wait,
    async () => {
      times.push(Date.now() - start);
    },
    options,
  );
  await vi.advanceTimersByTimeAsync(span);
  stop();
  return times;
}

describe('the order watch', () => {
  it('asks each wait at its one cadence, the first time after a round', async () => {
    expect(await askedAt('payment', 6_000)).toEqual([1_500, 3_000, 4_500, 6_000]);
    expect(await askedAt('progress', 9_000)).toEqual([3_000, 6_000, 9_000]);
    expect(await askedAt('bank', 3_000)).toEqual([1_500, 3_000]);
  });

  it('asks a running check at once, then every 2 s', async () => {
    expect(await askedAt('check', 4_000, { atOnce: true })).toEqual([0, 2_000, 4_000]);
  });

  it('backs off while the eSIM waits for stock: 1.5 s, doubling, never more than a minute', async () => {
    const times = await askedAt('stock', 300_000);
    expect(times.slice(0, 6)).toEqual([1_500, 4_500, 10_500, 22_500, 46_500, 94_500]);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(Math.max(...gaps)).toBe(orderWatchPolicy.stock.upTo);
    expect(gaps.at(-1)).toBe(60_000);
  });

  it('pauses what only changes the screen while the page is hidden, and asks at once back in view', async () => {
    const ask = vi.fn(async () => undefined);
    const stop = startOrderWatch('progress', ask);
    show('hidden');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ask).not.toHaveBeenCalled();
    show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks on while hidden where the buyer pays in another app (the payment step)', async () => {
    const ask = vi.fn(async () => undefined);
    const stop = startOrderWatch('payment', ask);
    show('hidden');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ask).toHaveBeenCalledTimes(2);
    stop();
  });

  it('asks again after a failed question, and never after it is stopped (aborting the one in flight)', async () => {
    let signal: AbortSignal | undefined;
    const ask = vi.fn(async (given: AbortSignal) => {
      signal = given;
      throw new Error('offline');
    });
    const stop = startOrderWatch('payment', ask);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ask).toHaveBeenCalledTimes(2);
    stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});

describe('what a paid order’s delivery waits for', () => {
  const delivery = (change: Partial<OrderDelivery>): OrderDelivery => ({
    state: 'delivered',
    esim: null,
    promisedBy: null,
    reason: null,
    email: { state: 'not_applicable', attempts: 0 },
    ...change,
  });

  it.each([
    [delivery({ state: 'held' }), 'bank'],
    [delivery({ state: 'waiting_for_stock' }), 'stock'],
    [delivery({ state: 'provisioning' }), 'progress'],
    [delivery({ state: 'withdrawn' }), null],
    [null, null],
  ] as const)('%o waits for %s', (given, wait) => {
    expect(deliveryWait(given)).toBe(wait);
  });
});
