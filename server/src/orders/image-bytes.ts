/**
 * What a receipt screenshot's bytes are, from their first bytes (magic numbers), whatever the
 * request's label says (review S12: bytes that are not an image cost a model call).
 */
export type ImageKind = 'image/png' | 'image/jpeg' | 'image/webp';

/** The first `count` bytes of a base64 string (which need not be complete). */
function leadingBytes(base64: string, count: number): Uint8Array {
  const chars = base64.slice(0, Math.ceil(count / 3) * 4).replace(/=+$/, '');
  try {
    return Uint8Array.from(atob(chars.slice(0, chars.length - (chars.length % 4))), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    return new Uint8Array();
  }
}

const starts = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The image type the bytes begin with, or null when they are not a PNG, JPEG or WebP. */
export function imageKindOf(base64: string): ImageKind | null {
  const bytes = leadingBytes(base64, 12);
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (starts(bytes, [0x52, 0x49, 0x46, 0x46]) && starts(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}
