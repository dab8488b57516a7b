import type { Deps } from '../deps';
import { hmacSha256Hex, toBase64Url } from '../platform/hashing';
import { runtimeSlot } from '../platform/runtime';
import { keepServerSecret } from './queries';

/**
 * The keyed hash an order keeps of its buyer's contact (decision 073), so that Find my eSIMs can
 * find paid orders by email, and the delivery policy count one contact's unconfirmed eSIMs
 * (decision 070), after the contact itself was dropped (delivered). HMAC-SHA256 of the
 * normalised address (trimmed, lower case) with the server's secret: without the secret the
 * hashes cannot be tested against a list of addresses. The secret is CONTACT_HASH_SECRET, or
 * else one the server makes once and keeps in its database (server_secrets).
 */
const SECRET_NAME = 'contact_hash';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The kept secret, read once per instance (issue #28: two round trips per order before; its
 * runtime's part, decision 116). The row is written once and never changed, so an instance may
 * keep what it read.
 */
const keptSecret = runtimeSlot('contact hash secret', () => ({
  secret: undefined as Promise<string> | undefined,
}));

function secretOf(deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now' | 'runtime'>) {
  if (deps.config.contactHashSecret) return Promise.resolve(deps.config.contactHashSecret);
  const kept = deps.runtime.of(keptSecret);
  if (!kept.secret) {
    const secret = readOrMakeSecret(deps);
    kept.secret = secret;
    // A failed read (the database down) is tried again by the next call.
    secret.catch(() => {
      if (kept.secret === secret) kept.secret = undefined;
    });
  }
  return kept.secret;
}

async function readOrMakeSecret(deps: Pick<Deps, 'database' | 'randomBytes' | 'now'>) {
  const value = await keepServerSecret(deps.database.db, {
    name: SECRET_NAME,
    value: toBase64Url(deps.randomBytes(32)),
    createdAt: new Date(deps.now()),
  });
  if (value === undefined) throw new Error('The contact hash secret could not be kept');
  return value;
}

/** The hash of a normalised email address or 09… number (only emails are looked up). */
export async function contactHash(
  deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now' | 'runtime'>,
  contact: { kind: 'email' | 'phone'; value: string },
): Promise<string> {
  const value = contact.kind === 'email' ? normaliseEmail(contact.value) : contact.value.trim();
  return hmacSha256Hex(await secretOf(deps), value);
}
