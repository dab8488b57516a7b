import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { Language } from '../../../lib/i18n/languages';
import type { CheckoutBackend } from '../lib/checkout';
import { restorePurchase, savePurchase } from '../lib/order-storage';
import {
  confirmedBy,
  purchaseReducer,
  type PurchaseEvent,
  type PurchaseState,
} from '../lib/purchase-machine';
import { useOrderWatch } from './use-order-watch';

export type FlowDispatch = (event: PurchaseEvent) => void;

/** A timer runs at most this long before it looks at the clock again (sleep, clock changes). */
const EXPIRY_CHECK_MS = 60_000;

/**
 * The purchase state machine, restored from and saved to sessionStorage, with the checkout
 * backend's order followed where it is kept (useOrderWatch). The flow owns its timers and side
 * effects:
 * - the payment code expires here (EXPIRE at the order's expiresAt), whatever the step shows;
 * - the transition to a confirmed result this browser decided (confirmedBy) is handed to the
 *   backend (the static shop remembers the transaction and queues the order), once, before the
 *   result is shown.
 */
export function usePurchaseFlow(
  checkout: CheckoutBackend,
  language: Language,
): [PurchaseState, FlowDispatch] {
  const [state, dispatch] = useReducer(purchaseReducer, undefined, () =>
    restorePurchase(Date.now()),
  );
  // The state the next event applies to: the reducer is pure, so the dispatcher can learn the
  // transition an event makes before React renders it.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);

  const send = useCallback<FlowDispatch>(
    (event) => {
      const before = latest.current;
      const after = purchaseReducer(before, event);
      latest.current = after;
      const confirmed = confirmedBy(before, after);
      if (confirmed) checkout.onConfirmed(confirmed.order, confirmed.verification, language);
      dispatch(event);
    },
    [checkout, language],
  );

  useEffect(() => savePurchase(state), [state]);
  usePaymentExpiry(state, send);
  useOrderWatch(state, send, checkout);
  return [state, send];
}

/** EXPIRE when the payment code's time is up, as long as the buyer is on the payment step. */
function usePaymentExpiry(state: PurchaseState, dispatch: FlowDispatch) {
  const expiresAt = state.step === 'payment' ? state.order.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      if (now >= expiresAt) dispatch({ type: 'EXPIRE', now });
      else timer = setTimeout(check, Math.min(expiresAt - now, EXPIRY_CHECK_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [expiresAt, dispatch]);
}
