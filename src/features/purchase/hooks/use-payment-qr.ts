import { useEffect, useState } from 'react';
import { createQrMatrix, type QrMatrix } from '../lib/payment-qr';

export type PaymentQrState =
  { status: 'loading' } | { status: 'ready'; matrix: QrMatrix } | { status: 'failed' };

/** The QR matrix of a payload; the QR library is fetched on first use. */
export function usePaymentQr(payload: string | null): PaymentQrState {
  const [state, setState] = useState<PaymentQrState>({ status: 'loading' });
  useEffect(() => {
    if (payload === null) {
      setState({ status: 'failed' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    createQrMatrix(payload).then(
      (matrix) => live && setState({ status: 'ready', matrix }),
      (error: unknown) => {
        console.error('The payment QR could not be made', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [payload]);
  return state;
}
