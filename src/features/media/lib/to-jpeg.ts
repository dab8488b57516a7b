import { hasTooManyPixels } from '../../../lib/image-size';

type ToJpegOptions = {
  quality?: number;
  /** The long side of the result; a larger image is drawn smaller (the canvas never exceeds it). */
  maxSide?: number;
};

/**
 * Re-encodes an image as JPEG in the browser (canvas). Where that is impossible (no canvas, an
 * undecodable format) the original comes back unchanged, so its type stays honest; so does an
 * image whose header declares more than about 40 megapixels, which is never decoded here.
 */
export async function toJpeg(
  image: Blob,
  { quality = 0.92, maxSide = Number.POSITIVE_INFINITY }: ToJpegOptions = {},
): Promise<Blob> {
  if (image.type === 'image/jpeg' || typeof createImageBitmap !== 'function') return image;
  let bitmap: ImageBitmap | undefined;
  try {
    if (await hasTooManyPixels(image)) return image;
    bitmap = await createImageBitmap(image);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return image;
    // JPEG has no transparency: paint white where the original was transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', quality),
    );
    return jpeg && jpeg.size > 0 ? jpeg : image;
  } catch {
    return image;
  } finally {
    bitmap?.close();
  }
}
