import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { env } from '../../../config/env';
import { useServices } from '../../../lib/services';
import type { Language } from '../../../lib/i18n/languages';
import { restorePurchase, savePurchase } from '../lib/order-storage';
import { toOrderRecord } from '../lib/order-record';
import { submitOrder } from '../lib/webhook-queue';
import { confirmedBy, type PurchaseState } from '../lib/purchase-machine';
import { flowReducer, type FlowEvent } from '../lib/server-purchase';
import { rememberTransactionId } from '../lib/used-transactions';
import {
  useServerCheckWatch,
  useServerDeliveryProgress,
  useServerOrderSync,
} from './use-server-order';
import { useServerOrderWatch } from './use-server-order-watch';

export type FlowDispatch = (event: FlowEvent) => void;

/** A timer runs at most this long before it looks at the clock again (sleep, clock changes). */
const EXPIRY_CHECK_MS = 60_000;

/**
 * The purchase state machine, restored from and saved to sessionStorage; in server mode a
 * restored order is refreshed from the server. The flow owns its timers and side effects:
 * - the payment code expires here (EXPIRE at the order's expiresAt), whatever the step shows;
 * - the transition to a confirmed result (confirmedBy) remembers the transaction and hands the
 *   order to the webhook queue, once, before the result is shown.
 */
export function usePurchaseFlow(language: Language): [PurchaseState, FlowDispatch] {
  const { ai } = useServices();
  const [state, dispatch] = useReducer(flowReducer, undefined, () => restorePurchase(Date.now()));
  // The state the next event applies to: the reducer is pure, so the dispatcher can learn the
  // transition an event makes before React renders it.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);

  const send = useCallback<FlowDispatch>(
    (event) => {
      const before = latest.current;
      const after = flowReducer(before, event);
      latest.current = after;
      const confirmed = confirmedBy(before, after);
      if (confirmed) {
        const { order, verification } = confirmed;
        rememberTransactionId(verification.transactionId, verification.verifiedAt);
        // A demo order (no payment was checked) is never sent: submitOrder refuses it too.
        if (env.orderWebhookUrl && ai.mode !== 'demo') {
          const record = toOrderRecord(order, verification, language, ai.mode);
          void submitOrder(record, { url: env.orderWebhookUrl, now: Date.now() });
        }
      }
      dispatch(event);
    },
    [ai, language],
  );

  useEffect(() => savePurchase(state), [state]);
  usePaymentExpiry(state, send);
  useServerOrderSync(state, send);
  useServerCheckWatch(state, send);
  useServerOrderWatch(state, send);
  useServerDeliveryProgress(state, send);
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
