import { useEffect, useReducer, type ActionDispatch } from 'react';
import { restorePurchase, savePurchase } from '../lib/order-storage';
import type { PurchaseState } from '../lib/purchase-machine';
import { flowReducer, type FlowEvent } from '../lib/server-purchase';
import { useServerOrderSync } from './use-server-order';

/**
 * The purchase state machine, restored from and saved to sessionStorage; in server mode a
 * restored order is refreshed from the server.
 */
export function usePurchaseFlow(): [PurchaseState, ActionDispatch<[FlowEvent]>] {
  const [state, dispatch] = useReducer(flowReducer, undefined, () => restorePurchase(Date.now()));
  useEffect(() => savePurchase(state), [state]);
  useServerOrderSync(state, dispatch);
  return [state, dispatch];
}
