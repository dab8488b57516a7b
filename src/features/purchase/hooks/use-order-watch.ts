import { useEffect, useRef } from 'react';
import { readDelivery } from '../../../lib/delivery';
import { deliveryWait, startOrderWatch, type OrderWait } from '../../../lib/order-watch';
import type { ShopOrder } from '../../../lib/api/client';
import type { CheckoutBackend } from '../lib/checkout';
import type { PurchaseEvent, PurchaseState } from '../lib/purchase-machine';

/** A watch: its identity (a new one restarts it), what it waits for, what is news to the flow. */
type Watch = { key: string; wait: OrderWait; news: (shop: ShopOrder) => boolean };

/** What the state watches of its order, or null (the cadences: lib/order-watch.ts). */
function watchOf(state: PurchaseState): Watch | null {
  // A check this page did not start (a reload, another device), until it settles (issue #24).
  if (state.step === 'verifying') {
    return state.receipt ? null : { key: 'check', wait: 'check', news: () => true };
  }
  // Paid without an upload (a signed bank notification, decision 070), expired or cancelled.
  if (state.step === 'payment') {
    const news = (shop: ShopOrder) => ['paid', 'expired', 'cancelled'].includes(shop.status);
    return { key: 'payment', wait: 'payment', news };
  }
  if (state.step !== 'result') return null;
  const { delivery } = state.order;
  const shown = delivery?.state ?? null;
  const wait = deliveryWait(delivery);
  // The eSIM being ordered from the SM-DP+ (issue #27) or installed: the QR code, then
  // "Installed on your phone", appear by themselves.
  if (wait === 'progress') {
    const key = `progress:${shown}:${delivery?.esim?.installState}`;
    return { key, wait, news: () => true };
  }
  // The eSIM is out and its email on its way: the screen follows the email (issue #44), so that
  // "We are emailing it to you now" becomes "Sent to your email" as the order page says.
  const email = delivery?.esim ? delivery.email.state : null;
  if (email === 'queued' || email === 'retrying') {
    const news = (shop: ShopOrder) => readDelivery(shop.delivery)?.email.state !== email;
    return { key: `email:${email}`, wait: 'email', news };
  }
  // A held eSIM leaves when the bank confirms the payment; a waiting one when stock arrives.
  if (state.verification.status !== 'confirmed' || !wait) return null;
  const news = (shop: ShopOrder) => (readDelivery(shop.delivery)?.state ?? null) !== shown;
  return { key: `delivery:${shown}`, wait, news };
}

/**
 * The one watch of the flow's order where the checkout backend keeps it (decision 093; nothing to
 * watch when this browser holds the only copy): a reloaded page asks once how the order stands
 * (it may have been paid, or have expired, meanwhile), then each state asks what it waits for
 * (watchOf), through the one order watch the order page uses too (lib/order-watch.ts). Every
 * answer that is news becomes ORDER_SYNCED; a failed question (offline) is asked again at the next
 * round.
 */
export function useOrderWatch(
  state: PurchaseState,
  dispatch: (event: PurchaseEvent) => void,
  checkout: CheckoutBackend,
) {
  const first = useRef(state);
  useEffect(() => {
    const initial = first.current;
    // A check that was running when the page went away is followed by the watch instead.
    if (!('order' in initial) || initial.step === 'verifying') return;
    const controller = new AbortController();
    checkout.orderNow(initial.order, controller.signal)?.then(
      (shop) => dispatch({ type: 'ORDER_SYNCED', shop, now: Date.now() }),
      () => undefined,
    );
    return () => controller.abort();
  }, [checkout, dispatch]);

  const order = 'order' in state ? state.order : null;
  const watch = order && watchOf(state);
  const key = watch ? `${order.id}:${watch.key}` : null;

  useEffect(() => {
    if (!order || !watch) return;
    // A check in progress is asked at once; the others wait a round first.
    const stop = startOrderWatch(
      watch.wait,
      async (signal) => {
        const asked = checkout.orderNow(order, signal);
        // This browser holds the only copy: nothing to watch.
        if (!asked) return stop();
        const shop = await asked;
        if (watch.news(shop)) dispatch({ type: 'ORDER_SYNCED', shop, now: Date.now() });
      },
      { atOnce: watch.wait === 'check' },
    );
    return stop;
    // The watch's identity, not the state's object: a new object for the same watch keeps it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, checkout, dispatch]);
}
