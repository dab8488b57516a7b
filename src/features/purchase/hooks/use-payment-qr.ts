import { useEffect, useState } from 'react';
import { createQrMatrix, renderQrPng, type QrMatrix } from '../lib/payment-qr';

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
  // Kept with the matrix and file name they were drawn for (as usePaymentQr keeps its payload).
  const [made, setMade] = useState<{
    matrix: QrMatrix;
    fileName: string;
    images: PaymentQrImages;
  } | null>(null);
  const lines = caption.join('\n');
  useEffect(() => {
    if (!matrix) return;
    let live = true;
    Promise.all([renderQrPng(matrix, []), renderQrPng(matrix, lines.split('\n'))]).then(
      ([screen, saved]) => {
        if (!live) return;
        const file = new File([saved], fileName, { type: 'image/png' });
        setMade({ matrix, fileName, images: { screen, file } });
      },
      () => {
        // No canvas here: the SVG stays on screen and Save QR draws the file when pressed.
      },
    );
    return () => {
      live = false;
    };
  }, [matrix, lines, fileName]);
  return made && made.matrix === matrix && made.fileName === fileName ? made.images : null;
}
