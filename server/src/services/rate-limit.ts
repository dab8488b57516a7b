import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitWindows } from '../db/schema';
import type { Deps } from '../deps';

/**
 * Per-client rate limits behind a small interface. The server counts in the database
 * (createDatabaseRateLimiter), so that every copy of it on one PostgreSQL counts each call
 * once (issue #25); the in-memory store is for a single process without a database (tests).
 * A limit that is hit answers how long to wait.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one call of `key` at `now` (epoch ms) and says whether it may go on. */
  take(key: string, now: number): Promise<RateDecision>;
}

/**
 * A fixed window per key: at most `limit` calls from the start of a window of `windowMs`.
 * Memory stays bounded: windows that have ended are swept when the map grows past `maxKeys`.
 */
export function createMemoryRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const { limit, windowMs, maxKeys = 10_000 } = options;
  const windows = new Map<string, { startedAt: number; count: number }>();

  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
  };

  return {
    take(key, now) {
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (!window && windows.size >= maxKeys) sweep(now);
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      if (window.count >= limit) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((window.startedAt + windowMs - now) / 1000),
        );
        return Promise.resolve({ allowed: false, retryAfterSeconds });
      }
      window.count += 1;
      return Promise.resolve({ allowed: true });
    },
  };
}

/**
 * A fixed window per key, counted in the database (table rate_limit_windows): one atomic
 * upsert per call, so copies of the server on one PostgreSQL share the count and a call is
 * counted once. A window that has ended starts again at this call.
 */
export function createDatabaseRateLimiter(
  database: Pick<Database, 'db'>,
  options: { limit: number; windowMs: number },
): RateLimiter {
  const { limit, windowMs } = options;
  const t = rateLimitWindows;
  return {
    async take(key, now) {
      const at = new Date(now);
      const ended = sql`${t.windowStart} <= ${new Date(now - windowMs).toISOString()}::timestamptz`;
      const [row] = await database.db
        .insert(t)
        .values({ key, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            windowStart: sql`CASE WHEN ${ended} THEN ${at.toISOString()}::timestamptz ELSE ${t.windowStart} END`,
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.count} + 1 END`,
          },
        })
        .returning({ windowStart: t.windowStart, count: t.count });
      if (!row || row.count <= limit) return { allowed: true };
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((row.windowStart.getTime() + windowMs - now) / 1000),
      );
      return { allowed: false, retryAfterSeconds };
    },
  };
}

/** Windows untouched for a day are deleted (with each outbox round). */
export async function pruneRateLimitWindows(deps: Pick<Deps, 'database' | 'now'>) {
  await deps.database.db
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStart, new Date(deps.now() - 24 * 60 * 60_000)));
}
