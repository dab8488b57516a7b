/**
 * A result computed at most once per `maxAgeMs` and shared (decision 084): requests that arrive
 * while a computation runs wait for that one (a single promise in flight), and requests within
 * `maxAgeMs` of its start get its result. A computation that fails is not kept: the next request
 * starts another. GET /status uses it so that a burst of requests makes one set of checks.
 */
export type SharedResult<T> = { read(): Promise<T> };

export function sharedResult<T>(
  compute: () => Promise<T>,
  options: { maxAgeMs: number; now: () => number },
): SharedResult<T> {
  let current: { startedAt: number; value: Promise<T> } | undefined;
  let running = false;
  return {
    read() {
      const now = options.now();
      // A computation is shared while it runs, and for maxAgeMs from its start once it is done
      // (a clock set back does not make an old result young).
      const age = current ? now - current.startedAt : Infinity;
      if (current && (running || (age >= 0 && age < options.maxAgeMs))) {
        return current.value;
      }
      const entry = { startedAt: now, value: compute() };
      running = true;
      current = entry;
      entry.value.then(
        () => {
          if (current === entry) running = false;
        },
        () => {
          if (current === entry) {
            running = false;
            current = undefined;
          }
        },
      );
      return entry.value;
    },
  };
}
