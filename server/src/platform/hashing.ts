/**
 * Small crypto helpers that run unchanged on Node, Workers, Deno and Bun: SHA-256, HMAC-SHA256,
 * base64url and a constant-time comparison for secrets such as order tokens and keys. Where the
 * runtime hands out Node's crypto module synchronously (`process.getBuiltinModule`: Node 22.3+,
 * Deno, Bun), a digest is computed at once (decision 101): Web Crypto's `digest` and `sign` run
 * each call as a job on libuv's thread pool and resume the caller later, which was about a
 * tenth of an order's CPU time and a hop of latency for a 32-byte input. Elsewhere Web Crypto,
 * with the same results.
 */

import type * as NodeCrypto from 'node:crypto';

const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as typeof NodeCrypto | undefined;

const encoder = new TextEncoder();

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Bytes(data: string | Uint8Array): Promise<Uint8Array> {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHash('sha256').update(data).digest());
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(
    await crypto.subtle.digest('SHA-256', bytes as Parameters<typeof crypto.subtle.digest>[1]),
  );
}

/** SHA-256 as lowercase hex (how tokens and keys are stored). */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(data).digest('hex');
  return hex(await sha256Bytes(data));
}

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/**
 * Web Crypto's HMAC key of each secret, imported once (decision 100). A server has one secret;
 * the few kept are forgotten together if a process (tests: a database each) meets many.
 */
const hmacKeys = new Map<string, Promise<HmacKey>>();
const KEPT_KEYS = 16;

function hmacKeyOf(secret: string): Promise<HmacKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= KEPT_KEYS) hmacKeys.clear();
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hmacKeys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 of `data` with the UTF-8 bytes of `secret` as key, as lowercase hex. */
export async function hmacSha256Hex(secret: string, data: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHmac('sha256', secret).update(data).digest('hex');
  const mac = await crypto.subtle.sign('HMAC', await hmacKeyOf(secret), encoder.encode(data));
  return hex(new Uint8Array(mac));
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    return Uint8Array.from(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)), (char) =>
      char.charCodeAt(0),
    );
  } catch {
    return null;
  }
}

/**
 * Whether two strings are equal, in time that depends only on their length (which, for the
 * hex digests compared here, is always 64): no early exit on the first differing character.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let index = 0; index < length; index += 1) {
    difference |= (a.charCodeAt(index) | 0) ^ (b.charCodeAt(index) | 0);
  }
  return difference === 0;
}

/** XOR of two byte arrays of the same length (sealing a secret with a one-time pad). */
export function xorBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  return a.map((byte, index) => byte ^ (b[index] ?? 0));
}
