import { useCallback } from 'react';
import { env } from '../../../config/env';
import { useRequest } from '../../../hooks/use-request';
import type { Language } from '../../../lib/i18n/languages';
import { aiMode } from '../../../lib/ai/client';
import { submitOrder } from '../lib/outbox';
import { toOrderRecord } from '../lib/order-record';
import type { Order, PurchaseEvent, Verification } from '../lib/purchase-machine';
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
  // A new check replaces a running one; leaving the page aborts it.
  const { run } = useRequest<Verification>({ whileBusy: 'replace' });

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      dispatch({ type: 'SUBMIT_RECEIPT' });
      const outcome = await run((signal) => verifyPayment({ order, receipt, language, signal }));
      // verifyPayment rejects only when aborted: the page was left, or a newer check replaced it.
      if (outcome.status !== 'success') return;
      const verification = outcome.data;
      // A demo order (no payment was checked) is never sent: submitOrder refuses it too.
      if (verification.status === 'confirmed' && env.orderWebhookUrl && aiMode() !== 'demo') {
        const record = toOrderRecord(order, verification, language);
        void submitOrder(record, { url: env.orderWebhookUrl, now: Date.now() });
      }
      dispatch({ type: 'VERIFICATION_DONE', verification });
    },
    [dispatch, language, run],
  );
}
