import type { Limit } from '../config';
import type { Deps } from '../deps';
import { ApiError } from './errors';
import type { RateDecision, RateLimiter } from './rate-limit';
import { runtimeSlot } from './runtime';
import { deleteEndedWindows, limitHit, takeHit } from './queries';

export { limitHit };

/** How often each process removes the windows that have ended, at most (decision 110). */
export const SWEEP_INTERVAL_MS = 60_000;

/** When this instance last removed the ended windows (its runtime's part, decision 116). */
const sweeps = runtimeSlot('limit window sweeps', () => ({ at: undefined as number | undefined }));

/**
 * Removes the windows that ended before `now`, at most once per {@link SWEEP_INTERVAL_MS} per
 * server instance (decision 110): a statement of its own, run by the first counted call after
 * the interval, before that call writes anything (a sweep that fails has counted nothing and
 * written no order). Until decision 110 every key's first hit of a window swept, inside the
 * counting statement; that made PostgreSQL plan the statement again at every call (the plan of
 * `expires_at < $now` looked costly to keep), a fifth of its time per order.
 */
export async function sweepEndedWindows(deps: Pick<Deps, 'database' | 'runtime'>, now: number) {
  const swept = deps.runtime.of(sweeps);
  if (swept.at !== undefined && now - swept.at < SWEEP_INTERVAL_MS) return;
  swept.at = now;
  await deleteEndedWindows(deps.database.db, new Date(now));
}

/**
 * Abuse limits counted in the database (issue #23 item 4, decision 069), so that every copy of
 * the server shares them: a fixed window per key, one upsert per call (`hits + 1`), which locks
 * only that key's row. A call over the limit is refused with how long its window still runs.
 * Windows that have ended are removed once a minute ({@link sweepEndedWindows}). The statement is
 * prepared once per database (decision 100).
 */
export function databaseRateLimiter(
  deps: Pick<Deps, 'config' | 'database' | 'runtime'>,
  { limit, windowMs }: Limit,
): RateLimiter {
  return {
    async take(key, now) {
      const start = Math.floor(now / windowMs) * windowMs;
      const expiresAt = start + windowMs;
      await sweepEndedWindows(deps, now);
      const [row] = await takeHit(deps.database).execute({
        limitKey: key,
        windowStart: new Date(start),
        windowEnd: new Date(expiresAt),
      });
      const hits = row?.hits ?? 1;
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
  deps: Pick<Deps, 'config' | 'database' | 'now' | 'runtime'>,
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
