import { lt, sql } from 'drizzle-orm';
import type { Limit } from '../config';
import { preparedStatement } from '../db/prepared';
import { rateLimitWindows } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import type { RateDecision, RateLimiter } from './rate-limit';

/** One hit on a key's window: the row is made with 1 or counts one more (its hits after). */
const takeHit = preparedStatement((db) =>
  db
    .insert(rateLimitWindows)
    .values({
      key: sql.placeholder('key'),
      windowStart: sql.placeholder('windowStart'),
      expiresAt: sql.placeholder('expiresAt'),
      hits: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + 1` },
    })
    .returning({ hits: rateLimitWindows.hits })
    .prepare('rate_limit_take'),
);

/**
 * Abuse limits counted in the database (issue #23 item 4, decision 069), so that every copy of
 * the server shares them: a fixed window per key, one upsert per call (`hits + 1`), which locks
 * only that key's row. A call over the limit is refused with how long its window still runs.
 * Windows that have ended are removed when a key starts a new one. The upsert is prepared once
 * per database (decision 100).
 */
export function databaseRateLimiter(
  deps: Pick<Deps, 'database'>,
  { limit, windowMs }: Limit,
): RateLimiter {
  return {
    async take(key, now) {
      const start = Math.floor(now / windowMs) * windowMs;
      const expiresAt = start + windowMs;
      const { db } = deps.database;
      const [row] = await takeHit(deps.database).execute({
        key,
        windowStart: new Date(start),
        expiresAt: new Date(expiresAt),
      });
      const hits = row?.hits ?? 1;
      if (hits === 1) {
        await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, new Date(now)));
      }
      if (hits <= limit) return { allowed: true } satisfies RateDecision;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((expiresAt - now) / 1000)),
      };
    },
  };
}

/** The limits the shop's routes apply; each key names what it counts. */
export const limitKeys = {
  receiptsPerOrder: (orderId: string) => `receipt-order:${orderId}`,
  receiptsPerAddress: (address: string) => `receipt-address:${address}`,
  ordersPerAddress: (address: string) => `order-address:${address}`,
};

/**
 * Counts one call against `limit` and throws 429 rate_limited (Retry-After, the one error
 * shape) when it is over.
 */
export async function enforceLimit(
  deps: Pick<Deps, 'database' | 'now'>,
  key: string,
  limit: Limit,
  message: string,
): Promise<void> {
  const decision = await databaseRateLimiter(deps, limit).take(key, deps.now());
  if (decision.allowed) return;
  throw new ApiError(429, 'rate_limited', message, {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}
