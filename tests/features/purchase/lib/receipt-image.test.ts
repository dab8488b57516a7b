import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkReceiptFile,
  fitWithin,
  prepareReceipt,
  ReceiptError,
} from '../../../../src/features/purchase/lib/receipt-image';
import { pngClaiming } from '../../../support/image-headers';

const MB = 1024 * 1024;
const file = (type: string, size = 10, name = 'receipt') =>
  new File([new Uint8Array(size)], name, { type });

afterEach(() => vi.unstubAllGlobals());

describe('fitWithin', () => {
  it.each([
    ['an iPhone screenshot (1170×2532)', 1170, 2532, 739, 1600],
    ['a landscape photo (4032×3024)', 4032, 3024, 1600, 1200],
    ['a square image larger than the limit', 2000, 2000, 1600, 1600],
    ['an image exactly at the limit', 1600, 900, 1600, 900],
    ['a small image, kept as it is', 720, 1280, 720, 1280],
    ['a very thin image, at least one pixel wide', 10, 40_000, 1, 1600],
  ])('fits %s', (_name, width, height, expectedWidth, expectedHeight) => {
    const size = fitWithin(width, height);
    expect([size.width, size.height]).toEqual([expectedWidth, expectedHeight]);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1600);
  });

  it('refuses an image without pixels', () => {
    expect(() => fitWithin(0, 100)).toThrow(RangeError);
  });
});

describe('checkReceiptFile', () => {
  it.each<[string, File, string | null]>([
    ['a PNG', file('image/png'), null],
    ['a JPEG', file('image/jpeg'), null],
    ['a HEIC photo (checked when decoded)', file('image/heic'), null],
    ['an image of exactly 20 MB', file('image/png', 20 * MB), null],
    ['an image over 20 MB', file('image/png', 20 * MB + 1), 'tooLarge'],
    ['a PDF', file('application/pdf'), 'notImage'],
    ['a text file', file('text/plain'), 'notImage'],
    ['a file without a type', file(''), 'notImage'],
  ])('checks %s', (_name, input, expected) => {
    expect(checkReceiptFile(input)).toBe(expected);
  });
});

describe('prepareReceipt', () => {
  const problemOf = async (input: File) => {
    try {
      await prepareReceipt(input);
    } catch (error) {
      if (error instanceof ReceiptError) return error.problem;
      throw error;
    }
    return null;
  };

  it('refuses a file over 20 MB before reading it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    expect(await problemOf(file('image/png', 21 * MB))).toBe('tooLarge');
    expect(decode).not.toHaveBeenCalled();
  });

  // Finding 14 of the security review: 439 KB that decode to 1.6 GB.
  it('refuses a 20000×20000 PNG from its header, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const bomb = new File([pngClaiming(20_000, 20_000)], 'receipt.png', { type: 'image/png' });
    expect(bomb.size).toBeLessThan(1024);
    expect(await problemOf(bomb)).toBe('tooManyPixels');
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses it also where the browser cannot decode in script', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const bomb = new File([pngClaiming(20_000, 20_000)], 'receipt.png', { type: 'image/png' });
    expect(await problemOf(bomb)).toBe('tooManyPixels');
  });

  it('decodes a screenshot whose header declares a normal size', async () => {
    const decode = vi.fn(() => Promise.reject(new DOMException('stop here')));
    vi.stubGlobal('createImageBitmap', decode);
    const shot = new File([pngClaiming(1170, 2532)], 'receipt.png', { type: 'image/png' });
    expect(await problemOf(shot)).toBe('undecodable');
    expect(decode).toHaveBeenCalledOnce();
  });

  it('refuses a file that is not an image', async () => {
    expect(await problemOf(file('text/plain'))).toBe('notImage');
  });

  it('reports an image the browser cannot decode (a corrupt file, HEIC without support)', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('The source image could not be decoded.'))),
    );
    expect(await problemOf(file('image/heic', 2 * MB, 'IMG_0001.HEIC'))).toBe('undecodable');
  });

  it('sends a small screenshot as it is where the browser cannot decode in script', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const input = file('image/png', 1000, 'shot.png');
    await expect(prepareReceipt(input)).resolves.toEqual({
      blob: input,
      mimeType: 'image/png',
      width: 0,
      height: 0,
      fileName: 'shot.png',
      originalBytes: 1000,
    });
  });

  it('refuses a large or unusual file where the browser cannot decode in script', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await problemOf(file('image/png', 5 * MB))).toBe('undecodable');
    expect(await problemOf(file('image/bmp', 1000))).toBe('undecodable');
  });
});
