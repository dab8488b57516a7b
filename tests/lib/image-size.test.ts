import { describe, expect, it } from 'vitest';
import { hasTooManyPixels, IMAGE_MAX_PIXELS, readImageSize } from '../../src/lib/image-size';
import {
  bmpClaiming,
  gifClaiming,
  heicClaiming,
  jpegClaiming,
  PNG,
  pngClaiming,
  webpClaiming,
} from '../support/image-headers';

const blob = (bytes: Uint8Array<ArrayBuffer>, type = '') => new Blob([bytes], { type });

describe('readImageSize', () => {
  it.each<[string, Uint8Array<ArrayBuffer>, [number, number]]>([
    ['a PNG', pngClaiming(1170, 2532), [1170, 2532]],
    ['a PNG claiming 20000×20000', pngClaiming(20_000, 20_000), [20_000, 20_000]],
    ['a JPEG', jpegClaiming(4032, 3024), [4032, 3024]],
    ['a JPEG whose EXIF takes 60 KB', jpegClaiming(4032, 3024, 60_000), [4032, 3024]],
    ['a lossy WebP (VP8)', webpClaiming('VP8 ', 1600, 900), [1600, 900]],
    ['a lossless WebP (VP8L)', webpClaiming('VP8L', 16_383, 16_384), [16_383, 16_384]],
    ['an extended WebP (VP8X)', webpClaiming('VP8X', 16_000, 16_000), [16_000, 16_000]],
    ['a GIF', gifClaiming(65_535, 65_535), [65_535, 65_535]],
    ['a BMP', bmpClaiming(30_000, 30_000), [30_000, 30_000]],
    ['a HEIC (its largest size box)', heicClaiming([512, 512], [8064, 6048]), [8064, 6048]],
  ])('reads %s', async (_name, bytes, [width, height]) => {
    await expect(readImageSize(blob(bytes))).resolves.toEqual({ width, height });
  });

  it('reads a real PNG written by an encoder', async () => {
    const png = new PNG({ width: 3, height: 5 });
    png.data.fill(255);
    const bytes = new Uint8Array(PNG.sync.write(png));
    await expect(readImageSize(blob(bytes))).resolves.toEqual({ width: 3, height: 5 });
  });

  it.each<[string, Uint8Array<ArrayBuffer>]>([
    ['text', new TextEncoder().encode('hello, this is not an image at all')],
    ['an empty file', new Uint8Array(0)],
    ['a PNG cut after its signature', pngClaiming(10, 10).slice(0, 12)],
    [
      'a JPEG whose image data comes before a frame header',
      new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]),
    ],
  ])('gives null for %s', async (_name, bytes) => {
    await expect(readImageSize(blob(bytes))).resolves.toBeNull();
  });
});

describe('hasTooManyPixels', () => {
  it.each<[string, Uint8Array<ArrayBuffer>, boolean]>([
    ['a phone screenshot', pngClaiming(1290, 2796), false],
    ['a 12 MP photo', jpegClaiming(4032, 3024), false],
    ['exactly the limit', pngClaiming(8000, IMAGE_MAX_PIXELS / 8000), false],
    ['one row over the limit', pngClaiming(8000, IMAGE_MAX_PIXELS / 8000 + 1), true],
    ['a 48 MP photo', heicClaiming([8064, 6048]), true],
    ['a 20000×20000 PNG', pngClaiming(20_000, 20_000), true],
    ['a file of unknown format', new TextEncoder().encode('not an image'), false],
  ])('%s: %s', async (_name, bytes, expected) => {
    await expect(hasTooManyPixels(blob(bytes))).resolves.toBe(expected);
  });
});
