import { createRequire } from 'node:module';

/** The part of pngjs used here (the package ships no types). */
type PngImage = { width: number; height: number; data: Buffer };
type PngModule = {
  PNG: (new (options: { width: number; height: number }) => PngImage) & {
    sync: { read: (buffer: Buffer) => PngImage; write: (png: PngImage) => Buffer };
  };
};
export const { PNG } = createRequire(import.meta.url)('pngjs') as PngModule;

/** A small PNG, as a receipt screenshot the buyer picks. */
export function smallPng(width = 300, height = 600) {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const row = Math.floor(i / 4 / width);
    const dark = row % 40 < 12 && (i / 4) % width < width * 0.7;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 40 : 250;
    png.data[i + 3] = 255;
  }
  return { name: 'receipt.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}
