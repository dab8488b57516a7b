import { useEffect, useState } from 'react';
import { createQrMatrix, type QrMatrix } from '../lib/payment-qr';

export type PaymentQrState =
  { status: 'loading' } | { status: 'ready'; matrix: QrMatrix } | { status: 'failed' };

/**
 * The QR matrix of a payload; the QR library is fetched on first use. The answer is kept with
 * the payload it belongs to, so a new payload reads as loading until its own matrix is made.
 */
export function usePaymentQr(payload: string | null): PaymentQrState {
  const [made, setMade] = useState<{ payload: string; state: PaymentQrState } | null>(null);
  useEffect(() => {
    if (payload === null) return;
    let live = true;
    createQrMatrix(payload).then(
      (matrix) => live && setMade({ payload, state: { status: 'ready', matrix } }),
      (error: unknown) => {
        console.error('The payment QR could not be made', error);
        if (live) setMade({ payload, state: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [payload]);
  if (payload === null) return { status: 'failed' };
  return made?.payload === payload ? made.state : { status: 'loading' };
}
