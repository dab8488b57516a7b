import { afterEach, describe, expect, it, vi } from 'vitest';
import { toJpeg } from '../../../src/features/media/lib/to-jpeg';
import { pngClaiming, webpClaiming } from '../../support/image-headers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A canvas whose 2D context records what is drawn, as jsdom has no canvas of its own. */
function recordCanvas() {
  const drawn: unknown[][] = [];
  const context = {
    fillStyle: '',
    fillRect: vi.fn(),
    drawImage: vi.fn((...args: unknown[]) => drawn.push(args)),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  const canvases: HTMLCanvasElement[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
  ) {
    canvases.push(this);
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
  });
  return { drawn, canvases };
}

describe('toJpeg', () => {
  it('leaves a 20000×20000 image as it is, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const bomb = new Blob([pngClaiming(20_000, 20_000)], { type: 'image/png' });
    await expect(toJpeg(bomb)).resolves.toBe(bomb);
    expect(decode).not.toHaveBeenCalled();
  });

  it('draws a large image no larger than maxSide', async () => {
    const bitmap = { width: 6000, height: 4000, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap)),
    );
    const { drawn, canvases } = recordCanvas();
    const image = new Blob([webpClaiming('VP8X', 6000, 4000)], { type: 'image/webp' });
    const jpeg = await toJpeg(image, { maxSide: 1920 });
    expect(jpeg.type).toBe('image/jpeg');
    expect([canvases[0]?.width, canvases[0]?.height]).toEqual([1920, 1280]);
    expect(drawn[0]).toEqual([bitmap, 0, 0, 1920, 1280]);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('keeps the size of an image without a limit', async () => {
    const bitmap = { width: 1024, height: 1024, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap)),
    );
    const { canvases } = recordCanvas();
    await toJpeg(new Blob([webpClaiming('VP8 ', 1024, 1024)], { type: 'image/webp' }));
    expect([canvases[0]?.width, canvases[0]?.height]).toEqual([1024, 1024]);
  });
});
