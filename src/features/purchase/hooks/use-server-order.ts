import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorId, PlanId } from '#domain/catalogue';
import { useRequest } from '../../../hooks/use-request';
import { deliveryInProgress } from '../../../lib/delivery';
import type { Language } from '../../../lib/i18n/languages';
import type { Order, PurchaseState } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';
import type { FlowEvent } from '../lib/server-purchase';
import {
  createServerOrder,
  fetchServerOrder,
  submitServerReceipt,
  type ServerReceiptOutcome,
} from '../lib/server-checkout';
import { apiUrl } from '../../../lib/api/client';

type Dispatch = (event: FlowEvent) => void;
type Draft = { planId: PlanId; operatorId: OperatorId; contact: string };

/**
 * Server mode, "Continue to payment": the server makes the order. The same draft sent again
 * (after a dropped connection) carries the same Idempotency-Key, so it cannot make two orders.
 */
export function useServerOrderCreation(dispatch: Dispatch, language: Language) {
  // A second click while the order is being made is ignored; leaving the page aborts it.
  const request = useRequest<Order>();
  const { run } = request;
  const attempt = useRef<{ draft: string; key: string } | null>(null);

  const create = useCallback(
    async (draft: Draft) => {
      const fingerprint = JSON.stringify([draft.planId, draft.operatorId, draft.contact, language]);
      if (attempt.current?.draft !== fingerprint) {
        attempt.current = { draft: fingerprint, key: crypto.randomUUID() };
      }
      const { key } = attempt.current;
      const outcome = await run((signal) => createServerOrder(draft, language, key, signal));
      if (outcome.status !== 'success') return;
      attempt.current = null;
      dispatch({ type: 'ORDER_CREATED', order: outcome.data });
    },
    [dispatch, language, run],
  );

  return { create, pending: request.pending, failed: request.state.status === 'error' };
}

/**
 * Server mode, a receipt: the server decides it. Leaving the page cancels the wait (the server
 * finishes the check; a reload asks it how the order stands).
 */
export function useServerReceiptVerification(dispatch: Dispatch, language: Language) {
  const { run } = useRequest<ServerReceiptOutcome>({ whileBusy: 'replace' });

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      dispatch({ type: 'SUBMIT_RECEIPT' });
      const outcome = await run((signal) =>
        submitServerReceipt({
          order,
          receipt,
          language,
          signal,
          idempotencyKey: crypto.randomUUID(),
        }),
      );
      // submitServerReceipt rejects only when aborted: the page was left.
      if (outcome.status !== 'success') return;
      if (outcome.data.kind === 'expired') dispatch({ type: 'SERVER_EXPIRED' });
      else dispatch({ type: 'SERVER_VERIFIED', ...outcome.data });
    },
    [dispatch, language, run],
  );
}

/** While the server's check of a reloaded order runs, the page asks it this often. */
export const CHECK_POLL_MS = 2_000;

/**
 * Server mode, a reloaded page: the stored order is refreshed from the server once (it may
 * have been paid, or have expired, meanwhile). Offline, the stored order is kept as it is.
 * A check that was running when the page went away is followed by useServerCheckWatch.
 */
export function useServerOrderSync(state: PurchaseState, dispatch: Dispatch) {
  const first = useRef(state);
  useEffect(() => {
    const initial = first.current;
    if (!apiUrl() || !('order' in initial) || !initial.order.server) return;
    if (initial.step === 'verifying') return;
    const controller = new AbortController();
    fetchServerOrder(initial.order, controller.signal).then(
      (shop) => dispatch({ type: 'SERVER_SYNCED', shop, now: Date.now() }),
      () => undefined,
    );
    return () => controller.abort();
  }, [dispatch]);
}

/**
 * Server mode, a check this page did not start (a reload during "Checking your payment…", or
 * another device): the server's order is asked for now and then every CHECK_POLL_MS until the
 * check settles: paid (the eSIM), refused or cut off (the receipt again), expired (issue #24).
 * Offline, it keeps asking; the checking panel stays.
 */
export function useServerCheckWatch(state: PurchaseState, dispatch: Dispatch) {
  const order = state.step === 'verifying' && !state.receipt ? state.order : null;
  // The same state (so the same order) while the check runs: the reducer keeps it as it is.
  useEffect(() => {
    if (!apiUrl() || !order?.server) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchServerOrder(order, controller.signal).then(
        (shop) => {
          dispatch({ type: 'SERVER_SYNCED', shop, now: Date.now() });
          // A new state ends this effect (and its timer) unless the check still runs.
          timer = setTimeout(ask, CHECK_POLL_MS);
        },
        () => {
          if (!controller.signal.aborted) timer = setTimeout(ask, CHECK_POLL_MS);
        },
      );
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [order, dispatch]);
}

/** How often the result step asks again while the eSIM is being prepared or installed. */
export const DELIVERY_PROGRESS_MS = 3_000;

/**
 * Server mode, the paid result on screen: while the eSIM is being ordered from the operator's
 * SM-DP+ ("preparing your eSIM", issue #27) or the phone is still installing it, the order is
 * asked again every few seconds (while the page is in view), so the QR code and then
 * "Installed on your phone" appear by themselves.
 */
export function useServerDeliveryProgress(state: PurchaseState, dispatch: Dispatch) {
  const order = 'order' in state && state.step === 'result' ? state.order : null;
  const active = Boolean(order?.server) && deliveryInProgress(order?.delivery);
  // One question at a time: an answer makes a new order (or a miss a new tick), which
  // schedules the next one.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active || !order || !apiUrl()) return;
    const controller = new AbortController();
    const again = () => setTick((value) => value + 1);
    const timer = window.setTimeout(() => {
      if (document.visibilityState === 'hidden') return again();
      fetchServerOrder(order, controller.signal).then(
        (shop) => dispatch({ type: 'SERVER_SYNCED', shop, now: Date.now() }),
        () => {
          if (!controller.signal.aborted) again();
        },
      );
    }, DELIVERY_PROGRESS_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [active, order, tick, dispatch]);
}
