import { useCallback } from 'react';
import { useServices } from '../../../lib/services';
import { useRequest } from '../../../hooks/use-request';
import type { Language } from '../../../lib/i18n/languages';
import type { Order, PurchaseEvent, Verification } from '../lib/purchase-machine';
import type { PreparedReceipt } from '../lib/receipt-image';
import { verifyPayment } from '../lib/verify-payment';

/**
 * Submits a receipt: the flow shows the verifying state, then always moves to the result (what
 * a confirmed result sets off is the flow's, see use-purchase-flow.ts). Leaving the page cancels
 * the check (a reload asks for the screenshot again).
 */
export function useReceiptVerification(
  dispatch: (event: PurchaseEvent) => void,
  language: Language,
) {
  // A new check replaces a running one; leaving the page aborts it.
  const { run } = useRequest<Verification>({ whileBusy: 'replace' });
  const { ai } = useServices();

  return useCallback(
    async (order: Order, receipt: PreparedReceipt) => {
      dispatch({ type: 'SUBMIT_RECEIPT' });
      const outcome = await run((signal) =>
        verifyPayment({ ai, order, receipt, language, signal }),
      );
      // verifyPayment rejects only when aborted: the page was left, or a newer check replaced it.
      if (outcome.status !== 'success') return;
      dispatch({ type: 'VERIFICATION_DONE', verification: outcome.data });
    },
    [ai, dispatch, language, run],
  );
}
