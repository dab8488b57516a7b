import type { ClientAddressReader } from './platform/client-address';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './platform/logger';
import type { OrderEvents } from './platform/order-events';
import type { RateLimiter } from './platform/rate-limit';
import type { Lifecycle } from './platform/lifecycle';
import type { Metrics } from './status/metrics';
import type { Runtime } from './platform/runtime';

/**
 * Everything the app needs from outside, passed in (no module-level state): tests pass fakes
 * (a fixed clock, a local fake Gemini, an in-memory PGlite), main.ts passes the real ones.
 */
export type Deps = {
  config: Config;
  database: Database;
  /** Epoch ms. */
  now: () => number;
  randomUUID: () => string;
  randomBytes: (size: number) => Uint8Array;
  /** Outgoing calls to the AI service (Gemini REST, or the demo answers). */
  aiFetch: typeof fetch;
  logger: Logger;
  /** The caller's address when not on Node (Workers: CF-Connecting-IP); see client-address.ts. */
  clientAddress?: ClientAddressReader;
  /** The AI proxy's rate limits; default: counted in the database (shared by every copy). */
  aiRateLimiter?: RateLimiter;
  /** GET /metrics's counters (status/metrics.ts); createApp makes them when not given. */
  metrics?: Metrics;
  /** Readiness and the drain on SIGTERM (platform/lifecycle.ts); main.ts gives its own. */
  lifecycle?: Lifecycle;
  /** This instance's memory (platform/runtime.ts): a new instance gets a new one. */
  runtime: Runtime;
  /** An order's changes told to this process's waiting order streams (issue #40). */
  orderEvents?: OrderEvents;
  /** Outgoing calls to the payment providers (2C2P, KBZPay); default: fetch. */
  providerFetch?: typeof fetch;
};
