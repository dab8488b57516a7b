import { hasTooManyPixels } from '../../../lib/image-size';

/** A receipt file larger than this is refused before anything is read or sent. */
export const RECEIPT_MAX_BYTES = 20 * 1024 * 1024;

/** The long side of the image that is sent for verification. */
export const RECEIPT_MAX_SIDE = 1600;

/** What a prepared receipt should weigh at most. */
export const RECEIPT_TARGET_BYTES = 300 * 1024;

/** A receipt image ready to be sent: decoded, downscaled and re-encoded in the browser. */
export type PreparedReceipt = {
  blob: Blob;
  mimeType: string;
  width: number;
  height: number;
  fileName: string;
  /** Size of the file the buyer chose. */
  originalBytes: number;
};

/**
 * Why a chosen file was not taken. `tooManyPixels`: the header declares more than about 40
 * megapixels, which could take gigabytes to decode (a photo from a 48 MP camera, or a crafted
 * file); a screenshot is far smaller.
 */
export type ReceiptProblem = 'notImage' | 'tooLarge' | 'tooManyPixels' | 'undecodable';

export class ReceiptError extends Error {
  override readonly name = 'ReceiptError';
  readonly problem: ReceiptProblem;

  constructor(problem: ReceiptProblem, options?: { cause?: unknown }) {
    super(`Receipt not usable: ${problem}`, options);
    this.problem = problem;
  }
}

/** Image types the AI service reads as they are, when this browser cannot re-encode. */
const SENDABLE_AS_IS = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'];
/** Without re-encoding, only a file this small is sent (base64 grows it by a third). */
const AS_IS_MAX_BYTES = 4 * 1024 * 1024;
/** Encoder qualities tried in turn until the image weighs at most RECEIPT_TARGET_BYTES. */
const QUALITIES = [0.85, 0.72, 0.6, 0.5];

/** Checks the type and size of a chosen file before anything is read: null when fine. */
export function checkReceiptFile(file: Pick<File, 'type' | 'size'>): ReceiptProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > RECEIPT_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * The size an image is drawn at so that its long side is at most `maxSide`, keeping the
 * aspect ratio; images already small enough keep their size.
 */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = RECEIPT_MAX_SIDE,
): { width: number; height: number; scale: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('Image dimensions must be positive');
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scale,
  };
}

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Re-encodes the drawn canvas as WebP (JPEG where WebP is not supported), small enough. */
async function encodeSmall(canvas: Canvas): Promise<Blob> {
  let type = 'image/webp';
  let best: Blob | null = null;
  for (const quality of QUALITIES) {
    let blob = await encode(canvas, type, quality);
    if (blob && blob.type !== type && type === 'image/webp') {
      // This browser cannot write WebP (it fell back to PNG): use JPEG instead.
      type = 'image/jpeg';
      blob = await encode(canvas, type, quality);
    }
    if (!blob || blob.type !== type) break;
    if (!best || blob.size < best.size) best = blob;
    if (blob.size <= RECEIPT_TARGET_BYTES) break;
  }
  if (!best) throw new ReceiptError('undecodable');
  return best;
}

/**
 * Decodes the chosen image and downscales it (long side ≤ 1600 px, WebP or JPEG) before it is
 * sent. Re-encoding also drops the file's metadata, such as the place a photo was taken.
 * Throws ReceiptError: notImage, tooLarge, tooManyPixels (read from the file's header, before
 * anything is decoded), or undecodable when the browser cannot read it.
 */
export async function prepareReceipt(file: File): Promise<PreparedReceipt> {
  const problem = checkReceiptFile(file);
  if (problem) throw new ReceiptError(problem);
  if (await hasTooManyPixels(file).catch(() => false)) throw new ReceiptError('tooManyPixels');
  if (typeof createImageBitmap !== 'function') return asIs(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new ReceiptError('undecodable', { cause });
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = makeCanvas(size.width, size.height);
    const context = canvas.getContext('2d') as
      CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return asIs(file);
    // A transparent screenshot would turn black in JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await encodeSmall(canvas);
    return {
      blob,
      mimeType: blob.type,
      width: size.width,
      height: size.height,
      fileName: file.name,
      originalBytes: file.size,
    };
  } finally {
    bitmap.close();
  }
}

/** A browser without image decoding in script: send a small file of a readable type as it is. */
function asIs(file: File): PreparedReceipt {
  if (!SENDABLE_AS_IS.includes(file.type) || file.size > AS_IS_MAX_BYTES) {
    throw new ReceiptError('undecodable');
  }
  return {
    blob: file,
    mimeType: file.type,
    width: 0,
    height: 0,
    fileName: file.name,
    originalBytes: file.size,
  };
}
