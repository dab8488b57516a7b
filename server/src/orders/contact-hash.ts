import { eq } from 'drizzle-orm';
import { serverSecrets } from '../db/schema';
import type { Deps } from '../deps';
import { hmacSha256Hex, toBase64Url } from '../platform/hashing';

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
 * The kept secret per database, read once (issue #28: two round trips per order before). The
 * row is written once and never changed, so a process may keep what it read.
 */
const keptSecrets = new WeakMap<object, Promise<string>>();

function secretOf(deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now'>) {
  if (deps.config.contactHashSecret) return Promise.resolve(deps.config.contactHashSecret);
  let secret = keptSecrets.get(deps.database);
  if (!secret) {
    secret = readOrMakeSecret(deps);
    keptSecrets.set(deps.database, secret);
    // A failed read (the database down) is tried again by the next call.
    secret.catch(() => keptSecrets.delete(deps.database));
  }
  return secret;
}

async function readOrMakeSecret(deps: Pick<Deps, 'database' | 'randomBytes' | 'now'>) {
  const { db } = deps.database;
  await db
    .insert(serverSecrets)
    .values({
      name: SECRET_NAME,
      value: toBase64Url(deps.randomBytes(32)),
      createdAt: new Date(deps.now()),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The contact hash secret could not be kept');
  return row.value;
}

/** The hash of a normalised email address or 09… number (only emails are looked up). */
export async function contactHash(
  deps: Pick<Deps, 'config' | 'database' | 'randomBytes' | 'now'>,
  contact: { kind: 'email' | 'phone'; value: string },
): Promise<string> {
  const value = contact.kind === 'email' ? normaliseEmail(contact.value) : contact.value.trim();
  return hmacSha256Hex(await secretOf(deps), value);
}
