import { and, eq } from 'drizzle-orm';
import { VERIFICATION_TIMEOUT_MS } from '../../../src/features/purchase/lib/constants';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { sha256Hex } from './hashing';

/**
 * Idempotency-Key (Stripe's convention; decision 025). The first request with a key runs and
 * its successful answer is kept; a repeat with the same key and the same body gets that answer
 * again (`Idempotent-Replayed: true`); the same key with another body is 422
 * idempotency_conflict; a repeat while the first still runs is 409. An answer that is not a
 * success is not kept: the key is released and a retry runs again (nothing half-done is
 * replayed). The key itself is stored as its SHA-256, so secrets sealed with it (the order
 * token) cannot be read from the database alone.
 */

/** A first request that never finished (the server stopped) frees its key after this (longer than any request runs). */
export const IDEMPOTENCY_ABANDONED_MS = VERIFICATION_TIMEOUT_MS + 30_000;
/** Keys are remembered this long; an older key starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export type Answer<T> = { status: number; body: T };
export type IdempotentAnswer<T> = Answer<T> & { replayed: boolean };

/** How an answer with a secret in it is kept: sealed with the (raw) key, opened on replay. */
export type Sealer<T> = {
  seal(body: T, rawKey: string): Promise<unknown>;
  open(stored: unknown, rawKey: string): Promise<T>;
};

export type IdempotencyOptions<T> = {
  /** What the key is unique within, e.g. `orders`, `receipt:<order id>`, `purchase:<key id>`. */
  scope: string;
  /** The Idempotency-Key header; absent → the request simply runs. */
  key: string | undefined;
  /** The validated request (its hash tells a true repeat from a reused key). */
  request: unknown;
  sealer?: Sealer<T>;
};

type Claim = { kind: 'run'; createdAt: Date } | { kind: 'replay'; status: number; stored: unknown };

async function claim(
  deps: Deps,
  scope: string,
  keyHash: string,
  requestHash: string,
): Promise<Claim> {
  const { db } = deps.database;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = deps.now();
    const createdAt = new Date(now);
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ scope, key: keyHash, requestHash, createdAt })
      .onConflictDoNothing()
      .returning({ scope: idempotencyKeys.scope });
    if (inserted) return { kind: 'run', createdAt };
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, keyHash));
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!row) continue; // released in between: try to take it again
    const age = now - row.createdAt.getTime();
    const abandoned = row.statusCode === null && age > IDEMPOTENCY_ABANDONED_MS;
    if (abandoned || age > IDEMPOTENCY_TTL_MS) {
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ requestHash, statusCode: null, response: null, createdAt })
        .where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)))
        .returning({ scope: idempotencyKeys.scope });
      if (taken) return { kind: 'run', createdAt };
      continue;
    }
    if (row.requestHash !== requestHash) {
      throw new ApiError(
        422,
        'idempotency_conflict',
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      );
    }
    if (row.statusCode === null) {
      throw new ApiError(
        409,
        'conflict',
        'A request with this Idempotency-Key is still being handled. Try again in a moment.',
        { 'Retry-After': '2' },
      );
    }
    return { kind: 'replay', status: row.statusCode, stored: row.response };
  }
  throw new ApiError(409, 'conflict', 'This Idempotency-Key is busy. Try again in a moment.', {
    'Retry-After': '2',
  });
}

export async function withIdempotency<T>(
  deps: Deps,
  options: IdempotencyOptions<T>,
  run: () => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  const rawKey = options.key;
  if (rawKey === undefined) return { ...(await run()), replayed: false };
  const { scope, sealer } = options;
  const keyHash = await sha256Hex(rawKey);
  const requestHash = await sha256Hex(JSON.stringify(options.request ?? null));
  const claimed = await claim(deps, scope, keyHash, requestHash);
  if (claimed.kind === 'replay') {
    const body = sealer ? await sealer.open(claimed.stored, rawKey) : (claimed.stored as T);
    return { status: claimed.status, body, replayed: true };
  }
  const mine = and(
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, keyHash),
    eq(idempotencyKeys.createdAt, claimed.createdAt),
  );
  let answer: Answer<T>;
  try {
    answer = await run();
  } catch (error) {
    await deps.database.db
      .delete(idempotencyKeys)
      .where(mine)
      .catch(() => undefined); // unreachable database: the key frees itself when abandoned
    throw error;
  }
  const stored = sealer ? await sealer.seal(answer.body, rawKey) : answer.body;
  await deps.database.db
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: stored })
    .where(mine);
  return { ...answer, replayed: false };
}
