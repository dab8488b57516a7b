/**
 * An image's pixel size read from its file header, without decoding it: a small file can
 * describe a huge image (a 439 KB PNG of 20000×20000 pixels takes 1.6 GB once decoded), so the
 * size is checked before the browser decodes anything.
 */

export type ImageSize = { width: number; height: number };

/** The most pixels an image may have to be decoded here (about 40 megapixels). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** How far into a HEIC or AVIF file the size box is looked for. */
const ISO_BMFF_SCAN_BYTES = 256 * 1024;
/** The most JPEG segments walked before the frame header; real files have a dozen. */
const JPEG_MAX_SEGMENTS = 64;

type Reader = (start: number, length: number) => Promise<DataView>;

const readerOf =
  (blob: Blob): Reader =>
  async (start, length) =>
    new DataView(await blob.slice(start, start + length).arrayBuffer());

const ascii = (view: DataView, offset: number, length: number) => {
  let text = '';
  for (let i = 0; i < length && offset + i < view.byteLength; i++) {
    text += String.fromCharCode(view.getUint8(offset + i));
  }
  return text;
};

const sized = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null;

function pngSize(head: DataView): ImageSize | null {
  if (head.byteLength < 24 || ascii(head, 12, 4) !== 'IHDR') return null;
  return sized(head.getUint32(16), head.getUint32(20));
}

function gifSize(head: DataView): ImageSize | null {
  if (head.byteLength < 10) return null;
  return sized(head.getUint16(6, true), head.getUint16(8, true));
}

function bmpSize(head: DataView): ImageSize | null {
  if (head.byteLength < 26) return null;
  return sized(Math.abs(head.getInt32(18, true)), Math.abs(head.getInt32(22, true)));
}

function webpSize(head: DataView): ImageSize | null {
  if (head.byteLength < 30) return null;
  const chunk = ascii(head, 12, 4);
  if (chunk === 'VP8 ') {
    return sized(head.getUint16(26, true) & 0x3fff, head.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    const bits = head.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = head.getUint16(24, true) + (head.getUint8(26) << 16) + 1;
    const height = head.getUint16(27, true) + (head.getUint8(29) << 16) + 1;
    return sized(width, height);
  }
  return null;
}

/** Start-of-frame markers (SOF0–SOF15 without DHT, JPG and DAC), which hold the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

async function jpegSize(read: Reader, fileSize: number): Promise<ImageSize | null> {
  let offset = 2;
  for (let segment = 0; segment < JPEG_MAX_SEGMENTS && offset + 4 <= fileSize; segment++) {
    const view = await read(offset, 9);
    if (view.byteLength < 4 || view.getUint8(0) !== 0xff) return null;
    const marker = view.getUint8(1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (isStartOfFrame(marker)) {
      return view.byteLength < 9 ? null : sized(view.getUint16(7), view.getUint16(5));
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    offset += 2 + view.getUint16(2);
  }
  return null;
}

/** HEIC and AVIF: the largest `ispe` (image spatial extent) box near the start of the file. */
async function isoBmffSize(read: Reader): Promise<ImageSize | null> {
  const view = await read(0, ISO_BMFF_SCAN_BYTES);
  let best: ImageSize | null = null;
  for (let i = 4; i + 16 <= view.byteLength; i++) {
    if (ascii(view, i, 4) !== 'ispe') continue;
    const size = sized(view.getUint32(i + 8), view.getUint32(i + 12));
    if (size && (!best || size.width * size.height > best.width * best.height)) best = size;
  }
  return best;
}

/**
 * The pixel size a file's header declares (PNG, JPEG, WebP, GIF, BMP, HEIC/AVIF), or null when
 * the format is not one of these or the header is unreadable.
 */
export async function readImageSize(blob: Blob): Promise<ImageSize | null> {
  const read = readerOf(blob);
  const head = await read(0, 32);
  if (head.byteLength < 4) return null;
  if (head.getUint32(0) === 0x89504e47) return pngSize(head);
  if (head.getUint16(0) === 0xffd8) return jpegSize(read, blob.size);
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return webpSize(head);
  if (ascii(head, 0, 3) === 'GIF') return gifSize(head);
  if (ascii(head, 0, 2) === 'BM') return bmpSize(head);
  if (ascii(head, 4, 4) === 'ftyp') return isoBmffSize(read);
  return null;
}

/** Whether the header declares more pixels than can safely be decoded here. */
export async function hasTooManyPixels(
  blob: Blob,
  maxPixels: number = IMAGE_MAX_PIXELS,
): Promise<boolean> {
  const size = await readImageSize(blob);
  return size !== null && size.width * size.height > maxPixels;
}
