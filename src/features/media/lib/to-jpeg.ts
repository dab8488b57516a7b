/**
 * Re-encodes an image as JPEG in the browser (canvas). Where that is impossible (no canvas, an
 * undecodable format) the original comes back unchanged, so its type stays honest.
 */
export async function toJpeg(image: Blob, quality = 0.92): Promise<Blob> {
  if (image.type === 'image/jpeg' || typeof createImageBitmap !== 'function') return image;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(image);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) return image;
    // JPEG has no transparency: paint white where the original was transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
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
