import { useEffect, useState } from 'react';
import type { CheckoutBackend, StockAvailability } from '../lib/checkout';

/**
 * The operator and contact steps: whether each operator has an eSIM ready now for the plan (the
 * server's GET /api/availability, issue #24), asked again each time the buyer arrives at the
 * operators. Null until known, and when the backend cannot say (the static shop, a failure): the
 * steps then show what they always showed.
 */
export function useStockAvailability(
  checkout: CheckoutBackend,
  choosing: boolean,
): StockAvailability | null {
  const [availability, setAvailability] = useState<StockAvailability | null>(null);
  useEffect(() => {
    if (!choosing) return;
    const controller = new AbortController();
    checkout.availability(controller.signal).then(setAvailability, () => undefined);
    return () => controller.abort();
  }, [checkout, choosing]);
  return availability;
}
