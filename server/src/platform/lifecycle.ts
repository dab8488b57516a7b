/**
 * The server's life as operators see it (issue #43 point 5, decision 119): alive (`/healthz`),
 * ready (`/readyz`: the checks below pass and it is not stopping), and the drain on SIGTERM:
 * once draining, new requests are refused (503, `Connection: close`, so a proxy retries them on
 * another instance) and `idle()` resolves when the requests already taken are answered.
 */
export type ReadinessCheck = { name: string; ok: boolean; detail: string };

export type Lifecycle = {
  draining(): boolean;
  startDraining(): void;
  /** Requests taken and not yet answered. */
  inFlight(): number;
  /** Counts one request until `done` is called. */
  begin(): () => void;
  /** Resolves once no request is in flight. */
  idle(): Promise<void>;
  /** What else readiness needs (main.ts: migrations current, workers running). */
  checks: (() => Promise<ReadinessCheck>)[];
};

export function createLifecycle(checks: Lifecycle['checks'] = []): Lifecycle {
  let draining = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  return {
    draining: () => draining,
    startDraining: () => void (draining = true),
    inFlight: () => inFlight,
    begin() {
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        settle();
      };
    },
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    checks,
  };
}

/** Paths that answer while draining: operators and the proxy must see the instance stop. */
export const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
