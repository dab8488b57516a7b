/**
 * Per-client rate limits behind a small interface. The server counts in the database
 * (databaseRateLimiter in abuse-limits.ts), so that every copy of it on one PostgreSQL counts each call
 * once (issue #25).
 * A limit that is hit answers how long to wait.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one call of `key` at `now` (epoch ms) and says whether it may go on. */
  take(key: string, now: number): Promise<RateDecision>;
}
