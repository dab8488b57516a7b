import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/** The part of pngjs used here (the package ships no types). */
type PngImage = { width: number; height: number; data: Buffer };
type PngModule = {
  PNG: (new (options: { width: number; height: number }) => PngImage) & {
    sync: { write: (png: PngImage) => Buffer };
  };
};
export const { PNG } = createRequire(import.meta.url)('pngjs') as PngModule;

/**
 * Tiny image files whose headers declare any size, to test what is read before decoding. The
 * PNG is a real 1×1 image whose IHDR is rewritten (with a valid CRC): a few hundred bytes that
 * claim, say, 20000×20000 pixels, as the decoding bomb of the security review did.
 */
export function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width: 1, height: 1 });
  png.data.set([255, 255, 255, 255]);
  const bytes = new Uint8Array(PNG.sync.write(png));
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  return bytes;
}

const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];
const u32le = (value: number) => [...u16le(value & 0xffff), ...u16le(value >>> 16)];
const u32be = (value: number) => [...u16be(value >>> 16), ...u16be(value & 0xffff)];
const text = (value: string) => [...value].map((c) => c.charCodeAt(0));

/** A JPEG start with an APP1 (EXIF) segment of `exifBytes` before the SOF0 frame header. */
export function jpegClaiming(width: number, height: number, exifBytes = 100) {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe1,
    ...u16be(exifBytes + 2),
    ...new Array<number>(exifBytes).fill(0),
    0xff,
    0xc0,
    ...u16be(17),
    8,
    ...u16be(height),
    ...u16be(width),
    3,
    ...new Array<number>(9).fill(0),
    0xff,
    0xda,
  ]);
}

/** A WebP start: lossy (VP8), lossless (VP8L) or extended (VP8X). */
export function webpClaiming(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number) {
  const chunk =
    kind === 'VP8 '
      ? [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height)]
      : kind === 'VP8L'
        ? [0x2f, ...u32le(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14))]
        : [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  return new Uint8Array([
    ...text('RIFF'),
    ...u32le(100),
    ...text('WEBP'),
    ...text(kind),
    ...u32le(chunk.length),
    ...chunk,
    ...new Array<number>(8).fill(0),
  ]);
}

export const gifClaiming = (width: number, height: number) =>
  new Uint8Array([...text('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0]);

export const bmpClaiming = (width: number, height: number) =>
  new Uint8Array([
    ...text('BM'),
    ...new Array<number>(16).fill(0),
    ...u32le(width),
    ...u32le(height),
    ...new Array<number>(8).fill(0),
  ]);

/** A HEIC start: `ftyp`, then an `ispe` box (as inside meta/iprp/ipco) per size. */
export function heicClaiming(...sizes: [number, number][]) {
  return new Uint8Array([
    ...u32be(16),
    ...text('ftypheic'),
    ...new Array<number>(4).fill(0),
    ...sizes.flatMap(([width, height]) => [
      ...u32be(20),
      ...text('ispe'),
      0,
      0,
      0,
      0,
      ...u32be(width),
      ...u32be(height),
    ]),
  ]);
}
