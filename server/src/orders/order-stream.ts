import type { OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { deliveryOf } from '../delivery/esim-delivery';
import { orderEventsOf } from '../platform/order-events';
import { latestAttempt, paymentMethodsOf } from '../payments/providers/provider-payments';
import { readOrder, toShopOrder, type ShopOrder } from './orders';

/**
 * The order as a stream of changes (issue #40 point 5): the order page opens it and shows the
 * eSIM the moment a provider's payment is accepted, instead of asking every 1.5 s.
 *
 * A payment accepted by this process wakes the stream at once (the in-process order events); a
 * payment accepted by another instance of the server is found by a short database poll
 * (STREAM_POLL_MS). Each change sends the whole order again; the stream ends once the order
 * can change no more for its buyer (an eSIM on it, cancelled or expired) or after
 * STREAM_MAX_MS, and the page reconnects or falls back to asking.
 */

export const STREAM_POLL_MS = 1_000;
export const STREAM_MAX_MS = 10 * 60_000;
export const STREAM_HEARTBEAT_MS = 15_000;

export type StreamedOrder = ShopOrder & {
  paymentMethods: ReturnType<typeof paymentMethodsOf>;
  /** The latest provider payment: its method and state (declined: tell the buyer), or null. */
  providerPayment: { method: string; state: string } | null;
};

export async function streamedOrder(deps: Deps, row: OrderRow): Promise<StreamedOrder> {
  const attempt = await latestAttempt(deps, row.id);
  return {
    ...toShopOrder(
      row,
      deps.now(),
      deps.config.receiptTimeoutMs,
      await deliveryOf(deps.database.db, row),
    ),
    paymentMethods: paymentMethodsOf(deps.config, row),
    providerPayment: attempt ? { method: attempt.provider, state: attempt.state } : null,
  };
}

/** Whether the buyer's order can still change in a way the page waits for. */
export const settled = (order: StreamedOrder) =>
  order.status === 'cancelled' ||
  order.status === 'expired' ||
  (order.status === 'paid' &&
    (order.delivery.state === 'assigned' || order.delivery.state === 'delivered'));

/**
 * Sends `send(order)` for the order now and after each change until it is settled, `signal`
 * aborts, or the stream's time is up. Waits between checks on the order's events or the poll.
 */
export async function followOrder(
  deps: Deps,
  first: OrderRow,
  send: (order: StreamedOrder) => Promise<void>,
  heartbeat: () => Promise<void>,
  signal: AbortSignal,
  timing = { pollMs: STREAM_POLL_MS, maxMs: STREAM_MAX_MS, heartbeatMs: STREAM_HEARTBEAT_MS },
): Promise<void> {
  const events = orderEventsOf(deps);
  let wake: (() => void) | undefined;
  let pending = false;
  const unsubscribe = events.subscribe(first.id, () => {
    pending = true;
    wake?.();
  });
  const started = Date.now();
  let lastSent = '';
  let lastBeat = Date.now();
  try {
    let row: OrderRow | undefined = first;
    while (!signal.aborted && row) {
      const order = await streamedOrder(deps, row);
      const text = JSON.stringify(order);
      if (text !== lastSent) {
        lastSent = text;
        await send(order);
      }
      if (settled(order) || Date.now() - started > timing.maxMs) return;
      if (!pending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timing.pollMs);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          wake = done;
          signal.addEventListener('abort', done, { once: true });
        });
      }
      wake = undefined;
      pending = false;
      if (Date.now() - lastBeat > timing.heartbeatMs) {
        lastBeat = Date.now();
        await heartbeat();
      }
      row = await readOrder(deps, first.id);
    }
  } finally {
    unsubscribe();
  }
}
