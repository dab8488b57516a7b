import { useCallback, useRef } from 'react';
import type { PurchaseEvent } from '../lib/purchase-machine';
import { checkReceiptFile, prepareReceipt, ReceiptError } from '../lib/receipt-image';

/**
 * Takes a chosen or dropped file: a non-image is ignored with a hint, a file over 20 MB is
 * refused (neither disturbs an image still being prepared), an image is decoded and downscaled
 * before it can be sent. A newer image wins over one still being prepared.
 */
export function useReceiptPicker(dispatch: (event: PurchaseEvent) => void) {
  const latest = useRef(0);
  return useCallback(
    async (file: File | null | undefined) => {
      if (!file) return;
      const problem = checkReceiptFile(file);
      if (problem) {
        dispatch({ type: 'RECEIPT_REJECTED', problem });
        return;
      }
      const id = ++latest.current;
      dispatch({ type: 'RECEIPT_PREPARING', fileName: file.name });
      try {
        const image = await prepareReceipt(file);
        if (id === latest.current) dispatch({ type: 'RECEIPT_READY', image });
      } catch (error) {
        if (id !== latest.current) return;
        dispatch({
          type: 'RECEIPT_FAILED',
          problem: error instanceof ReceiptError ? error.problem : 'undecodable',
        });
      }
    },
    [dispatch],
  );
}
