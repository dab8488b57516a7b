import { useCallback, useRef } from 'react';
import { useRequest } from '../../../hooks/use-request';
import { ApiError } from '../../../lib/api/client';
import type { Language } from '../../../lib/i18n/languages';
import type { CheckoutBackend, OrderDraft, ReceiptOutcome } from '../lib/checkout';
import type { Order, PurchaseEvent } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';

type Dispatch = (event: PurchaseEvent) => void;

/**
 * "Continue to payment": the checkout backend makes the order. The same draft sent again (after
 * a dropped connection) carries the same key, so the server cannot make two orders.
 */
export function useOrderCreation(
  checkout: CheckoutBackend,
  dispatch: Dispatch,
  language: Language,
) {
  // A second click while the order is being made is ignored; leaving the page aborts it.
  const request = useRequest<Order>();
  const { run } = request;
  const attempt = useRef<{ draft: string; key: string } | null>(null);

  const create = useCallback(
    async (draft: OrderDraft) => {
      const fingerprint = JSON.stringify([draft.planId, draft.operatorId, draft.contact, language]);
      if (attempt.current?.draft !== fingerprint) {
        attempt.current = { draft: fingerprint, key: crypto.randomUUID() };
      }
      const { key } = attempt.current;
      const outcome = await run((signal) => checkout.createOrder(draft, language, key, signal));
      if (outcome.status !== 'success') return;
      attempt.current = null;
      dispatch({ type: 'ORDER_CREATED', order: outcome.data });
    },
    [checkout, dispatch, language, run],
  );

  const error = request.state.status === 'error' ? request.state.error : undefined;
  // The server's limit of orders per address (ORDER_LIMIT_PER_ADDRESS, 429): the connection
  // works, so the buyer is told to wait (for as long as Retry-After says), not to check it.
  const limited =
    error instanceof ApiError && error.status === 429
      ? {
          minutes:
            error.retryAfterSeconds === null
              ? null
              : Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
        }
      : null;
  return { create, pending: request.pending, failed: error !== undefined, limited };
}

/**
 * Submits a receipt: the flow shows the verifying state, then always moves on with the backend's
 * decision (what a confirmed result sets off is the flow's, see use-purchase-flow.ts). Leaving
 * the page cancels the wait (a server finishes its check; a reload asks it how the order stands).
 */
export function useReceiptVerification(
  checkout: CheckoutBackend,
  dispatch: Dispatch,
  language: Language,
) {
  // A new check replaces a running one; leaving the page aborts it.
  const { run } = useRequest<ReceiptOutcome>({ whileBusy: 'replace' });

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      dispatch({ type: 'SUBMIT_RECEIPT' });
      const outcome = await run((signal) =>
        checkout.submitReceipt(order, receipt, language, signal),
      );
      // submitReceipt rejects only when aborted: the page was left, or a newer check replaced it.
      if (outcome.status !== 'success') return;
      const { data } = outcome;
      if (data.kind === 'expired') dispatch({ type: 'ORDER_EXPIRED' });
      else
        dispatch({ type: 'VERIFICATION_DONE', order: data.order, verification: data.verification });
    },
    [checkout, dispatch, language, run],
  );
}
