import { useEffect, useState } from 'react';
import { fetchAvailability, type StockAvailability } from '../lib/server-checkout';
import { apiUrl } from '../../../lib/api/client';

/**
 * Server mode, the operator and contact steps: whether each operator has an eSIM ready now for
 * the plan (GET /api/availability, issue #24), asked again each time the buyer arrives at the
 * operators. Null until known, in the static shop, and when the server cannot say: the steps
 * then show what they always showed.
 */
export function useStockAvailability(choosing: boolean): StockAvailability | null {
  const [availability, setAvailability] = useState<StockAvailability | null>(null);
  useEffect(() => {
    if (!choosing || !apiUrl()) return;
    const controller = new AbortController();
    fetchAvailability(controller.signal).then(setAvailability, () => undefined);
    return () => controller.abort();
  }, [choosing]);
  return availability;
}
