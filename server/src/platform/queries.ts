import { and, desc, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { columnParam, preparedQuery } from '../db/prepared';
import { apiKeys, idempotencyKeys, orders, rateLimitWindows } from '../db/schema';

/** Stores a new API key's row. */
export const insertApiKey = (db: Db, row: typeof apiKeys.$inferInsert) =>
  db.insert(apiKeys).values(row);

/** Every API key, newest first. */
export const allApiKeys = (db: Db) => db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));

/** The API key with this id (none or one). */
export const apiKeysById = (db: Db, id: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.id, id));

/** The API keys whose shown prefix starts with `text` (LIKE, its wildcards escaped). */
export const apiKeysByPrefix = (db: Db, text: string) =>
  db
    .select()
    .from(apiKeys)
    .where(like(apiKeys.prefix, `${text.replace(/[%_\\]/g, '\\$&')}%`));

/** Marks the key revoked at `revokedAt` and returns its row. */
export const revokeApiKeyRow = (db: Db, id: string, revokedAt: Date) =>
  db.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, id)).returning();

/** The key row with this SHA-256 hash, if any. */
export const apiKeyByHash = (db: Db, hash: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash)).limit(1);

/** Notes when the key was last used. */
export const noteApiKeyUse = (db: Db, id: string, at: Date) =>
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));

/** Removes the rate-limit windows that ended before `now`. */
export const deleteEndedWindows = (db: Db, now: Date) =>
  db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, now));

/**
 * The CTE `hit`: one hit on the key's window (placeholders `limitKey`, `windowStart`,
 * `windowEnd`), which makes its row with 1 or counts one more and returns its `hits`.
 */
export function limitHit() {
  const w = rateLimitWindows;
  return sql`hit as (
    insert into ${w} (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)}, ${sql.identifier(w.expiresAt.name)}, ${sql.identifier(w.hits.name)})
    values (${columnParam('limitKey', w.key)}, ${columnParam('windowStart', w.windowStart)}, ${columnParam('windowEnd', w.expiresAt)}, 1)
    on conflict (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)})
    do update set ${sql.identifier(w.hits.name)} = ${w}.${sql.identifier(w.hits.name)} + 1
    returning ${sql.identifier(w.hits.name)} as hits
  )`;
}

/** One hit on a key's window, prepared once per database (decision 100). */
export const takeHit = preparedQuery<{ hits: number }>('rate_limit_take', () => ({
  query: sql`with ${limitHit()} select hits from hit`,
  fields: [{ path: ['hits'], field: sql`hits`.mapWith(Number) }],
}));

/** The idempotency key's row is this scope and key hash. */
const keyOf = (scope: string, keyHash: string) =>
  and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, keyHash));

/** The key's row as this request took it (scope, key hash and when it was taken). */
const takenKey = (scope: string, keyHash: string, createdAt: Date) =>
  and(
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, keyHash),
    eq(idempotencyKeys.createdAt, createdAt),
  );

/** Takes a new idempotency key: a row back when it was free, none when it exists already. */
export const insertIdempotencyKey = (
  db: Db,
  key: { scope: string; key: string; requestHash: string; createdAt: Date },
) =>
  db
    .insert(idempotencyKeys)
    .values(key)
    .onConflictDoNothing()
    .returning({ scope: idempotencyKeys.scope });

/** The idempotency key's row (none or one). */
export const idempotencyKeyRow = (db: Db, scope: string, keyHash: string) =>
  db.select().from(idempotencyKeys).where(keyOf(scope, keyHash)).limit(1);

/**
 * Takes over an abandoned or expired key for a new request, only if it was still taken at
 * `seenCreatedAt` (a row back when this request won it).
 */
export const retakeIdempotencyKey = (
  db: Db,
  key: { scope: string; keyHash: string; seenCreatedAt: Date },
  taken: { requestHash: string; createdAt: Date },
) =>
  db
    .update(idempotencyKeys)
    .set({
      requestHash: taken.requestHash,
      statusCode: null,
      response: null,
      createdAt: taken.createdAt,
      orderId: null,
      prunedAt: null,
    })
    .where(and(keyOf(key.scope, key.keyHash), eq(idempotencyKeys.createdAt, key.seenCreatedAt)))
    .returning({ scope: idempotencyKeys.scope });

/** Frees the key this request took (its run failed). */
export const releaseIdempotencyKey = (db: Db, scope: string, keyHash: string, createdAt: Date) =>
  db.delete(idempotencyKeys).where(takenKey(scope, keyHash, createdAt));

/** Keeps the answer of the request that took the key. */
export const keepIdempotentAnswer = (
  db: Db,
  key: { scope: string; keyHash: string; createdAt: Date },
  answer: { statusCode: number; response: unknown; orderId: string | null },
) =>
  db
    .update(idempotencyKeys)
    .set(answer)
    .where(takenKey(key.scope, key.keyHash, key.createdAt));

/** Deletes the idempotency keys taken before `before`; their keys back. */
export const deleteIdempotencyKeysBefore = (db: Db, before: Date) =>
  db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });

/**
 * Empties the kept answers of orders that are delivered, withdrawn or cancelled (noting
 * `prunedAt`); their keys back.
 */
export function emptyFinishedAnswers(db: Db, prunedAt: Date) {
  const finished = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        inArray(orders.deliveryState, ['delivered', 'withdrawn']),
        inArray(orders.status, ['cancelled']),
      ),
    );
  return db
    .update(idempotencyKeys)
    .set({ response: null, prunedAt })
    .where(and(isNull(idempotencyKeys.prunedAt), inArray(idempotencyKeys.orderId, finished)))
    .returning({ key: idempotencyKeys.key });
}
