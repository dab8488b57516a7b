/**
 * Small Web Crypto helpers (no Node-only API, so the app runs unchanged on Workers, Deno, Bun):
 * SHA-256, base64url and a constant-time comparison for secrets such as order tokens and keys.
 */

const encoder = new TextEncoder();

export async function sha256Bytes(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(
    await crypto.subtle.digest('SHA-256', bytes as Parameters<typeof crypto.subtle.digest>[1]),
  );
}

/** SHA-256 as lowercase hex (how tokens and keys are stored). */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return Array.from(await sha256Bytes(data), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
