import { useCallback, useEffect, useRef } from 'react';
import { env } from '../../../config/env';
import type { Language } from '../../../lib/i18n/languages';
import { aiMode } from '../../../lib/ai/client';
import { submitOrder } from '../lib/outbox';
import { toOrderRecord } from '../lib/order-record';
import type { Order, PurchaseEvent } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';
import { verifyPayment } from '../lib/verify-payment';

/**
 * Submits a receipt: the flow shows the verifying state, then always moves to the result. A
 * confirmed order goes to the shop's webhook when one is configured (outbox.ts). Leaving
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
      // A demo order (no payment was checked) is never sent: submitOrder refuses it too.
      if (verification.status === 'confirmed' && env.orderWebhookUrl && aiMode() !== 'demo') {
        const record = toOrderRecord(order, verification, language);
        void submitOrder(record, { url: env.orderWebhookUrl, now: Date.now() });
      }
      dispatch({ type: 'VERIFICATION_DONE', verification });
    },
    [dispatch, language],
  );
}
