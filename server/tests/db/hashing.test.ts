import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as HashingModule from '../../src/platform/hashing';

/**
 * The digests are computed with Node's crypto where the runtime hands it out synchronously
 * (process.getBuiltinModule), with Web Crypto elsewhere (Workers): both give the same bytes
 * (decision 101).
 */
type Hashing = typeof HashingModule;

async function load(withNodeCrypto: boolean): Promise<Hashing> {
  vi.resetModules();
  if (!withNodeCrypto) vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
  try {
    return await import('../../src/platform/hashing');
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('hashing on Node and on Web Crypto', () => {
  it('gives the same SHA-256 and HMAC-SHA256 either way, and the known test vectors', async () => {
    const node = await load(true);
    const web = await load(false);
    expect(node).not.toBe(web);
    const digest = vi.spyOn(crypto.subtle, 'digest');
    await node.sha256Hex('abc');
    expect(digest).not.toHaveBeenCalled();
    await web.sha256Hex('abc');
    expect(digest).toHaveBeenCalledTimes(1);
    digest.mockRestore();
    const inputs = ['', 'abc', 'bench@example.com', 'မင်္ဂလာပါ', new Uint8Array([0, 255, 1, 254])];
    for (const input of inputs) {
      expect(await node.sha256Hex(input)).toBe(await web.sha256Hex(input));
      expect(await node.sha256Bytes(input)).toEqual(await web.sha256Bytes(input));
    }
    // FIPS 180-2's "abc".
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(await node.sha256Hex('abc')).toBe(abc);
    expect(await web.sha256Hex('abc')).toBe(abc);
    for (const [secret, data] of [
      ['key', 'The quick brown fox jumps over the lazy dog'],
      ['a secret of the server', 'someone@example.com'],
      ['ကီး', '09123456789'],
    ] as const) {
      expect(await node.hmacSha256Hex(secret, data)).toBe(await web.hmacSha256Hex(secret, data));
    }
    // RFC 4231's neighbour, the HMAC-SHA256 example everyone quotes.
    const fox = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
    expect(await node.hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      fox,
    );
    expect(await web.hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(fox);
  });
});
