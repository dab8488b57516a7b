import { useCallback } from 'react';
import { useRequest } from '../../../hooks/use-request';
import { ApiError } from '../../../lib/api/client';
import type { CheckoutBackend } from '../lib/checkout';
import type { Order, PurchaseEvent } from '../lib/purchase-machine';

/**
 * How a change of the kept order ended: done; refused because the order is no longer awaiting
 * payment (paid, cancelled or expired meanwhile: the flow now shows its real state); or failed
 * (offline, server error) with nothing changed, to be tried again.
 */
export type OrderChangeOutcome = 'done' | 'closed' | 'failed' | 'busy';

/**
 * The payment step's "change contact" and "cancel order" (decision 058), by the checkout backend
 * first: only its answer changes what this browser shows, so a failure leaves everything as it
 * was. A refusal because the order closed (409) shows the order as it really stands.
 */
export function useOrderChange(
  checkout: CheckoutBackend,
  dispatch: (event: PurchaseEvent) => void,
) {
  // Each task answers the event its success makes, so that an aborted one changes nothing.
  const request = useRequest<PurchaseEvent | null>();
  const { run } = request;

  const change = useCallback(
    async (
      order: Order,
      task: (signal: AbortSignal) => Promise<PurchaseEvent>,
    ): Promise<OrderChangeOutcome> => {
      const outcome = await run(task);
      if (outcome.status === 'success') {
        if (outcome.data) dispatch(outcome.data);
        return 'done';
      }
      if (outcome.status !== 'error') return 'busy';
      const { error } = outcome;
      if (!(error instanceof ApiError) || error.status !== 409) return 'failed';
      if (error.code === 'receipt_in_progress') return 'failed';
      const synced = await run(async (signal) => {
        const shop = await checkout.orderNow(order, signal);
        return shop ? { type: 'ORDER_SYNCED', shop, now: Date.now() } : null;
      });
      if (synced.status === 'success' && synced.data) dispatch(synced.data);
      return 'closed';
    },
    [checkout, dispatch, run],
  );

  const changeContact = useCallback(
    (order: Order, contact: string) =>
      change(order, async (signal) => ({
        type: 'CHANGE_ORDER_CONTACT',
        contact: await checkout.changeContact(order, contact, signal),
      })),
    [change, checkout],
  );

  const cancel = useCallback(
    (order: Order) =>
      change(order, async (signal) => {
        await checkout.cancel(order, signal);
        return { type: 'CANCEL_ORDER' };
      }),
    [change, checkout],
  );

  return { changeContact, cancel, pending: request.pending };
}
