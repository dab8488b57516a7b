import { useCallback } from 'react';
import { useRequest } from '../../../hooks/use-request';
import type { Order } from '../lib/purchase-machine';
import type { FlowEvent } from '../lib/server-purchase';
import {
  cancelServerOrder,
  changeServerOrderContact,
  fetchServerOrder,
} from '../lib/server-checkout';
import { ApiError, type ShopOrder } from '../../../lib/api/client';

type Dispatch = (event: FlowEvent) => void;

/**
 * How a change of the kept order ended: done; refused because the order is no longer awaiting
 * payment (paid, cancelled or expired meanwhile: the flow now shows its real state); or failed
 * (offline, server error) with nothing changed, to be tried again.
 */
export type OrderChangeOutcome = 'done' | 'closed' | 'failed' | 'busy';

/**
 * The payment step's "change contact" and "cancel order" (decision 058). A static order is
 * changed here; a server order on the server first (PATCH / cancel), and only its answer changes
 * what this browser shows: a failure leaves everything as it was.
 */
export function useOrderChange(dispatch: Dispatch) {
  const request = useRequest<ShopOrder>();
  const { run } = request;

  /** The server refused the change: show the order as it really stands (paid, expired…). */
  const resync = useCallback(
    async (order: Order) => {
      const outcome = await run((signal) => fetchServerOrder(order, signal));
      if (outcome.status === 'success') {
        dispatch({ type: 'SERVER_SYNCED', shop: outcome.data, now: Date.now() });
      }
    },
    [dispatch, run],
  );

  const onServer = useCallback(
    async (
      order: Order,
      task: (signal: AbortSignal) => Promise<ShopOrder>,
      then: (shop: ShopOrder) => void,
    ): Promise<OrderChangeOutcome> => {
      const outcome = await run(task);
      if (outcome.status === 'success') {
        then(outcome.data);
        return 'done';
      }
      if (outcome.status !== 'error') return 'busy';
      const { error } = outcome;
      if (error instanceof ApiError && error.status === 409) {
        if (error.code === 'receipt_in_progress') return 'failed';
        await resync(order);
        return 'closed';
      }
      return 'failed';
    },
    [resync, run],
  );

  const changeContact = useCallback(
    (order: Order, contact: string): Promise<OrderChangeOutcome> => {
      if (!order.server) {
        dispatch({ type: 'CHANGE_ORDER_CONTACT', contact });
        return Promise.resolve('done');
      }
      return onServer(
        order,
        (signal) => changeServerOrderContact(order, contact, signal),
        (shop) => dispatch({ type: 'CHANGE_ORDER_CONTACT', contact: shop.contact }),
      );
    },
    [dispatch, onServer],
  );

  const cancel = useCallback(
    (order: Order): Promise<OrderChangeOutcome> => {
      if (!order.server) {
        dispatch({ type: 'CANCEL_ORDER' });
        return Promise.resolve('done');
      }
      return onServer(
        order,
        (signal) => cancelServerOrder(order, signal),
        () => dispatch({ type: 'CANCEL_ORDER' }),
      );
    },
    [dispatch, onServer],
  );

  return { changeContact, cancel, pending: request.pending };
}
