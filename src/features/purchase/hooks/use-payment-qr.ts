import { useEffect, useState } from 'react';
import { createQrMatrix, renderQrPng, type QrMatrix } from '../lib/payment-qr';

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

/** The QR as PNG images: a square one for the screen, and the file saved with its caption. */
export type PaymentQrImages = { screen: Blob; file: File };

/**
 * PNG images of `matrix`, made as soon as the code is ready so that "Save QR" can open the
 * share sheet within the tap (Safari refuses navigator.share after a slow await). Null while
 * they are made, or when this browser cannot draw on a canvas (the code stays an SVG).
 */
export function usePaymentQrImages(
  matrix: QrMatrix | null,
  caption: readonly string[],
  fileName: string,
): PaymentQrImages | null {
  const [images, setImages] = useState<PaymentQrImages | null>(null);
  const lines = caption.join('\n');
  useEffect(() => {
    setImages(null);
    if (!matrix) return;
    let live = true;
    Promise.all([renderQrPng(matrix, []), renderQrPng(matrix, lines.split('\n'))]).then(
      ([screen, saved]) => {
        if (live) setImages({ screen, file: new File([saved], fileName, { type: 'image/png' }) });
      },
      () => {
        // No canvas here: the SVG stays on screen and Save QR draws the file when pressed.
      },
    );
    return () => {
      live = false;
    };
  }, [matrix, lines, fileName]);
  return images;
}
