import type { Deps } from '../deps';
import { ApiError } from './errors';
import { sha256Hex } from './hashing';
import {
  deleteIdempotencyKeysBefore,
  emptyFinishedAnswers,
  idempotencyKeyRow,
  insertIdempotencyKey,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
  retakeIdempotencyKey,
} from './queries';

/**
 * Idempotency-Key (Stripe's convention; decision 025). The first request with a key runs and
 * its successful answer is kept; a repeat with the same key and the same body gets that answer
 * again (`Idempotent-Replayed: true`); the same key with another body is 422
 * idempotency_conflict; a repeat while the first still runs is 409. An answer that is not a
 * success is not kept: the key is released and a retry runs again (nothing half-done is
 * replayed). The key itself is stored as its SHA-256, so secrets sealed with it (the order
 * token) cannot be read from the database alone.
 */

/**
 * A first request that never finished (the server stopped) frees its key this long after the
 * longest request can run: the receipt check's limit (RECEIPT_TIMEOUT_MS) plus the database
 * work around it (review S10: it was 90 s whatever the limit was).
 */
export const IDEMPOTENCY_SLACK_MS = 5_000;
export const abandonedAfterMs = (deps: Pick<Deps, 'config'>) =>
  deps.config.receiptTimeoutMs + IDEMPOTENCY_SLACK_MS;
/**
 * Keys are remembered this long; an older key starts afresh, and its row is deleted
 * (pruneIdempotencyKeys). The privacy policy keeps a contact only while the order needs it:
 * an answer is emptied as soon as its order is delivered (review S7).
 */
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

type Claim =
  | { kind: 'run'; createdAt: Date }
  | { kind: 'replay'; status: number; stored: unknown; pruned: boolean };

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
    const [inserted] = await insertIdempotencyKey(db, {
      scope,
      key: keyHash,
      requestHash,
      createdAt,
    });
    if (inserted) return { kind: 'run', createdAt };
    const [row] = await idempotencyKeyRow(db, scope, keyHash);
    if (!row) continue; // released in between: try to take it again
    const age = now - row.createdAt.getTime();
    const lockMs = abandonedAfterMs(deps);
    const abandoned = row.statusCode === null && age > lockMs;
    if (abandoned || age > IDEMPOTENCY_TTL_MS) {
      const [taken] = await retakeIdempotencyKey(
        db,
        { scope, keyHash, seenCreatedAt: row.createdAt },
        { requestHash, createdAt },
      );
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
      // Never longer than until the key frees itself.
      const wait = Math.min(2, Math.max(1, Math.ceil((lockMs - age) / 1000)));
      throw new ApiError(
        409,
        'conflict',
        'A request with this Idempotency-Key is still being handled. Try again in a moment.',
        { 'Retry-After': String(wait) },
      );
    }
    return {
      kind: 'replay',
      status: row.statusCode,
      stored: row.response,
      pruned: row.prunedAt !== null,
    };
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
    if (claimed.pruned) {
      throw new ApiError(
        409,
        'conflict',
        'This request was already handled and its order is delivered; its answer is no longer kept. Read the order instead.',
      );
    }
    const body = sealer ? await sealer.open(claimed.stored, rawKey) : (claimed.stored as T);
    return { status: claimed.status, body, replayed: true };
  }
  let answer: Answer<T>;
  try {
    answer = await run();
  } catch (error) {
    await releaseIdempotencyKey(deps.database.db, scope, keyHash, claimed.createdAt).catch(
      () => undefined,
    ); // unreachable database: the key frees itself when abandoned
    throw error;
  }
  const stored = sealer ? await sealer.seal(answer.body, rawKey) : answer.body;
  await keepIdempotentAnswer(
    deps.database.db,
    { scope, keyHash, createdAt: claimed.createdAt },
    { statusCode: answer.status, response: stored, orderId: orderIdOf(answer.body) },
  );
  return { ...answer, replayed: false };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order an answer carries: `{ order: { id } }` (the shop) or `{ id }` (a partner's purchase). */
function orderIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { order, id } = body as { order?: { id?: unknown }; id?: unknown };
  const candidate = order && typeof order === 'object' ? order.id : id;
  return typeof candidate === 'string' && UUID.test(candidate) ? candidate : null;
}

/**
 * Review S7: stored answers are kept only while a retry may need them. Rows older than the
 * key's life (IDEMPOTENCY_TTL_MS) are deleted; the answer of an order that is delivered or
 * withdrawn is emptied (it held the buyer's contact), the key kept so a retry is still not run
 * twice. Runs with each outbox round. Resolves with how many rows were deleted and emptied.
 */
export async function pruneIdempotencyKeys(
  deps: Pick<Deps, 'database' | 'now'>,
): Promise<{ deleted: number; emptied: number }> {
  const { db } = deps.database;
  const now = deps.now();
  const deleted = await deleteIdempotencyKeysBefore(db, new Date(now - IDEMPOTENCY_TTL_MS));
  const emptied = await emptyFinishedAnswers(db, new Date(now));
  return { deleted: deleted.length, emptied: emptied.length };
}
