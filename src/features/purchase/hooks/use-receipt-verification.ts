import { useCallback, useEffect, useRef } from 'react';
import { env } from '../../../config/env';
import type { Language } from '../../../lib/i18n/languages';
import { enqueueOrder, startOutbox } from '../lib/outbox';
import { toOrderRecord } from '../lib/order-record';
import type { Order, PurchaseEvent } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';
import { verifyPayment } from '../lib/verify-payment';

/**
 * Submits a receipt: the flow shows the verifying state, then always moves to the result. A
 * confirmed order goes into the outbox for the shop's webhook when one is configured. Leaving
 * the page cancels the check (a reload asks for the screenshot again).
 */
export function useReceiptVerification(
  dispatch: (event: PurchaseEvent) => void,
  language: Language,
) {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'SUBMIT_RECEIPT' });
      let verification;
      try {
        verification = await verifyPayment({
          order,
          receipt,
          language,
          signal: current.signal,
        });
      } catch {
        return; // Cancelled: the page was left.
      }
      if (verification.status === 'confirmed' && env.orderWebhookUrl) {
        enqueueOrder(toOrderRecord(order, verification, language), Date.now());
        // Delivers at once, also before the layout's outbox has started (a no-op once it runs).
        startOutbox(env.orderWebhookUrl);
      }
      dispatch({ type: 'VERIFICATION_DONE', verification });
    },
    [dispatch, language],
  );
}
