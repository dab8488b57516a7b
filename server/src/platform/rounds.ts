/**
 * A worker's rounds: `round` every `intervalMs`, never two at once (a round still running skips
 * the tick), failures reported to `onError`; `stop` waits for the round in flight. The timer
 * does not keep the process alive.
 */
export function repeatRounds(
  round: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = round()
          .catch(onError)
          .finally(() => (running = null));
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
