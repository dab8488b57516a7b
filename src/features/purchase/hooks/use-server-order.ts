import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorId, PlanId } from '../../../config/catalogue';
import type { Language } from '../../../lib/i18n/languages';
import type { Order, PurchaseState } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';
import type { FlowEvent } from '../lib/server-purchase';
import {
  createServerOrder,
  fetchServerOrder,
  shopApiUrl,
  submitServerReceipt,
} from '../lib/shop-api';

type Dispatch = (event: FlowEvent) => void;
type Draft = { planId: PlanId; operatorId: OperatorId; contact: string };

/**
 * Server mode, "Continue to payment": the server makes the order. The same draft sent again
 * (after a dropped connection) carries the same Idempotency-Key, so it cannot make two orders.
 */
export function useServerOrderCreation(dispatch: Dispatch, language: Language) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const attempt = useRef<{ draft: string; key: string } | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);

  const create = useCallback(
    async (draft: Draft) => {
      const fingerprint = JSON.stringify([draft.planId, draft.operatorId, draft.contact, language]);
      if (attempt.current?.draft !== fingerprint) {
        attempt.current = { draft: fingerprint, key: crypto.randomUUID() };
      }
      setPending(true);
      setFailed(false);
      try {
        const order = await createServerOrder(draft, language, attempt.current.key);
        attempt.current = null;
        if (live.current) dispatch({ type: 'ORDER_CREATED', order });
      } catch {
        if (live.current) setFailed(true);
      } finally {
        if (live.current) setPending(false);
      }
    },
    [dispatch, language],
  );

  return { create, pending, failed };
}

/**
 * Server mode, a receipt: the server decides it. Leaving the page cancels the wait (the server
 * finishes the check; a reload asks it how the order stands).
 */
export function useServerReceiptVerification(dispatch: Dispatch, language: Language) {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'SUBMIT_RECEIPT' });
      let outcome;
      try {
        outcome = await submitServerReceipt({
          order,
          receipt,
          language,
          signal: current.signal,
          idempotencyKey: crypto.randomUUID(),
        });
      } catch {
        return; // Cancelled: the page was left.
      }
      if (outcome.kind === 'expired') dispatch({ type: 'SERVER_EXPIRED' });
      else dispatch({ type: 'SERVER_VERIFIED', ...outcome });
    },
    [dispatch, language],
  );
}

/**
 * Server mode, a reloaded page: the stored order is refreshed from the server once (it may
 * have been paid, or have expired, meanwhile). Offline, the stored order is kept as it is.
 */
export function useServerOrderSync(state: PurchaseState, dispatch: Dispatch) {
  const first = useRef(state);
  useEffect(() => {
    const initial = first.current;
    if (!shopApiUrl() || !('order' in initial) || !initial.order.server) return;
    const controller = new AbortController();
    fetchServerOrder(initial.order, controller.signal).then(
      (shop) => dispatch({ type: 'SERVER_SYNCED', shop, now: Date.now() }),
      () => undefined,
    );
    return () => controller.abort();
  }, [dispatch]);
}
