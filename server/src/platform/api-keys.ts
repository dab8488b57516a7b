import { safeError } from './log-safe';
import type { MiddlewareHandler } from 'hono';
import type { apiKeys } from '../db/schema';
import type { Database } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from './errors';
import { constantTimeEqual, sha256Hex, toBase64Url } from './hashing';
import {
  allApiKeys,
  apiKeyByHash,
  apiKeysById,
  apiKeysByPrefix,
  insertApiKey,
  noteApiKeyUse,
  revokeApiKeyRow,
} from './queries';

/**
 * Partner API keys (decision 026): `esim_live_<32 random base64url characters>`, shown once
 * when created; the database keeps its SHA-256 and a short prefix to recognise it by. A key is
 * found by its hash (unique index) and the hashes are compared in constant time; a revoked key
 * is refused like an unknown one.
 */

export const API_KEY_PREFIX = 'esim_live_';
/** How many characters of the key `list` shows (the prefix plus a few random ones). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type KeyDeps = Pick<Deps, 'database' | 'now' | 'randomUUID' | 'randomBytes'>;

export type KeyRole = ApiKeyRow['role'];

export async function createApiKey(
  deps: KeyDeps,
  name: string,
  role: KeyRole = 'partner',
): Promise<{ id: string; key: string; prefix: string; role: KeyRole }> {
  const key = `${API_KEY_PREFIX}${toBase64Url(deps.randomBytes(24))}`;
  const row = {
    id: deps.randomUUID(),
    name: name.trim().slice(0, 100) || role,
    prefix: key.slice(0, SHOWN_CHARS),
    keyHash: await sha256Hex(key),
    createdAt: new Date(deps.now()),
    role,
  };
  await insertApiKey(deps.database.db, row);
  return { id: row.id, key, prefix: row.prefix, role };
}

export async function listApiKeys(database: Database): Promise<ApiKeyRow[]> {
  return allApiKeys(database.db);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes the key with this id or prefix; refuses a prefix that names several keys. */
export async function revokeApiKey(
  deps: Pick<Deps, 'database' | 'now'>,
  idOrPrefix: string,
): Promise<ApiKeyRow> {
  const text = idOrPrefix.trim();
  const { db } = deps.database;
  const matches = UUID.test(text)
    ? await apiKeysById(db, text)
    : text.length >= API_KEY_PREFIX.length + 2
      ? await apiKeysByPrefix(db, text)
      : [];
  if (matches.length === 0) throw new Error(`No API key ${text}.`);
  if (matches.length > 1) throw new Error(`${text} names ${matches.length} keys; use the id.`);
  const [key] = matches as [ApiKeyRow];
  const [revoked] = await revokeApiKeyRow(db, key.id, key.revokedAt ?? new Date(deps.now()));
  return revoked ?? key;
}

/** The key sent as `x-api-key` or `Authorization: Bearer …`, if any. */
export function presentedKey(headers: Headers): string | undefined {
  const header = headers.get('x-api-key')?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return bearer?.[1];
}

/** The active key row for a presented key, or null (unknown, malformed or revoked). */
export async function authenticate(
  database: Database,
  presented: string | undefined,
): Promise<ApiKeyRow | null> {
  const hash = await sha256Hex(presented ?? '');
  if (!presented || presented.length > 200) return null;
  const [row] = await apiKeyByHash(database.db, hash);
  if (!row || !constantTimeEqual(row.keyHash, hash) || row.revokedAt) return null;
  return row;
}

export type PartnerVariables = { apiKey: ApiKeyRow };

/**
 * Middleware: a valid, unrevoked key of `role` (401 `WWW-Authenticate: Bearer` without one,
 * 403 with a key of the other role), in the one error shape.
 */
export function requireApiKey(
  deps: Deps,
  role: KeyRole = 'partner',
): MiddlewareHandler<{ Variables: PartnerVariables }> {
  return async (c, next) => {
    const presented = presentedKey(c.req.raw.headers);
    const key = await authenticate(deps.database, presented);
    if (!key) {
      throw new ApiError(
        401,
        'unauthorized',
        presented
          ? 'This API key is not valid (unknown or revoked).'
          : 'An API key is required: send it as x-api-key or Authorization: Bearer.',
        { 'WWW-Authenticate': 'Bearer realm="esim-myanmar"' },
      );
    }
    if (key.role !== role) {
      throw new ApiError(
        403,
        'forbidden',
        role === 'staff'
          ? 'This is a partner key; the staff routes need a staff key.'
          : 'This is a staff key; the partner API needs a partner key.',
      );
    }
    c.set('apiKey', key);
    const now = deps.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > 60_000) {
      await noteApiKeyUse(deps.database.db, key.id, new Date(now)).catch((error: unknown) =>
        deps.logger.warn({ err: safeError(error) }, 'key use not noted'),
      );
    }
    await next();
  };
}
