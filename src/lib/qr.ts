/**
 * QR codes drawn in the browser: the payment's MMQR and the eSIM's activation code. The qrcode
 * library loads only when a code is first drawn.
 */
export type QrMatrix = { size: number; isDark: (row: number, column: number) => boolean };

/** Encodes `payload` as a QR matrix. */
export async function createQrMatrix(payload: string): Promise<QrMatrix> {
  const { create } = await import('qrcode');
  const { modules } = create(payload, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => modules.get(row, column) === 1 };
}

/** An SVG path drawing every dark module as a 1×1 square, offset by `margin` modules. */
export function qrPath(matrix: QrMatrix, margin: number): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.isDark(row, column)) parts.push(`M${column + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return parts.join('');
}

/**
 * A PNG of the QR for the buyer's gallery: large, with the 4-module quiet zone that "scan from
 * album" readers want, and a caption (e.g. the order number) written under it.
 */
export async function renderQrPng(
  matrix: QrMatrix,
  caption: readonly string[],
  scale = 10,
): Promise<Blob> {
  const margin = 4;
  const side = (matrix.size + margin * 2) * scale;
  const lineHeight = Math.round(scale * 2.6);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side + caption.length * lineHeight + (caption.length ? scale * 2 : 0);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.isDark(row, column)) {
        context.fillRect((column + margin) * scale, (row + margin) * scale, scale, scale);
      }
    }
  }
  context.font = `600 ${Math.round(scale * 1.7)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'top';
  caption.forEach((line, index) => {
    context.fillText(line, side / 2, side + index * lineHeight, side - scale * 2);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The QR image was not made'))),
      'image/png',
    ),
  );
}
