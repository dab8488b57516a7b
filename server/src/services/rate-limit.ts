/**
 * Per-client rate limits behind a small interface. The server counts in the database
 * (databaseRateLimiter in abuse-limits.ts), so that every copy of it on one PostgreSQL counts each call
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
