import { describe, expect, it } from 'vitest';
import { base64ToBlob, blobToBase64 } from '../../src/lib/base64';

describe('base64', () => {
  it('encodes the bytes of a blob, also beyond one chunk', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => index % 256);
    const base64 = await blobToBase64(new Blob([bytes]));
    expect(Buffer.from(base64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('round-trips bytes through base64, large ones included', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const base64 = await blobToBase64(new Blob([bytes]));
    const blob = base64ToBlob(base64, 'image/png');
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });
});
