import { useEffect, useReducer, type ActionDispatch } from 'react';
import { restorePurchase, savePurchase } from '../lib/order-storage';
import { purchaseReducer, type PurchaseEvent, type PurchaseState } from '../lib/purchase-machine';

/** The purchase state machine, restored from and saved to sessionStorage. */
export function usePurchaseFlow(): [PurchaseState, ActionDispatch<[PurchaseEvent]>] {
  const [state, dispatch] = useReducer(purchaseReducer, undefined, () =>
    restorePurchase(Date.now()),
  );
  useEffect(() => savePurchase(state), [state]);
  return [state, dispatch];
}
