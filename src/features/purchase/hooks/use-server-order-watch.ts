import { useEffect } from 'react';
import { readDelivery } from '../../../lib/delivery';
import type { PurchaseState } from '../lib/purchase-machine';
import type { FlowEvent } from '../lib/server-purchase';
import { fetchServerOrder } from '../lib/server-checkout';
import { apiUrl } from '../../../lib/api/client';

/** How often the open payment step (or a held eSIM) asks the server: well within 3 s. */
export const ORDER_WATCH_MS = 1_500;

/**
 * Server mode (issue #23, decision 070): while the payment step is open, the server may learn of
 * the payment without an upload (a signed bank notification), and a held eSIM leaves when the
 * bank confirms it. The page asks the server every ORDER_WATCH_MS and tells the flow only what
 * changed: paid (the result with its eSIM), expired or cancelled, or a new delivery state.
 */
export function useServerOrderWatch(state: PurchaseState, dispatch: (event: FlowEvent) => void) {
  const server = 'order' in state ? state.order.server : undefined;
  const order = 'order' in state ? state.order : null;
  const deliveryState = order?.delivery?.state ?? null;
  const watching =
    Boolean(apiUrl() && server) &&
    (state.step === 'payment' ||
      (state.step === 'result' &&
        state.verification.status === 'confirmed' &&
        (deliveryState === 'held' || deliveryState === 'waiting_for_stock')));
  const step = state.step;

  useEffect(() => {
    if (!watching || !order) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const shop = await fetchServerOrder(order, controller.signal);
        const news =
          step === 'payment'
            ? shop.status === 'paid' || shop.status === 'expired' || shop.status === 'cancelled'
            : (readDelivery(shop.delivery)?.state ?? null) !== deliveryState;
        if (news) dispatch({ type: 'SERVER_SYNCED', shop, now: Date.now() });
      } catch {
        // Offline or aborted: the next round asks again.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), ORDER_WATCH_MS);
    };
    timer = setTimeout(() => void ask(), ORDER_WATCH_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // The order's identity, not its object: a new object for the same order keeps the watch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watching, step, server?.id, deliveryState, dispatch]);
}
