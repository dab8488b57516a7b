/** Frames of a slow decoration: 30 a second are plenty, and cost half of 60. */
export const FRAME_MS = 1000 / 30;

/** A thread's frame clock: `requestAnimationFrame` on the page and in Chromium's workers. */
export type FrameClock = {
  request: (callback: (now: number) => void) => unknown;
  cancel: (handle: unknown) => void;
  now: () => number;
};

/** A clock for threads without `requestAnimationFrame` (some browsers' workers). */
export const timerClock: FrameClock = {
  request: (callback) => setTimeout(() => callback(performance.now()), FRAME_MS),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

/** The parts of a page or worker scope that animation frames come from. */
export type FrameScope = {
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
};

/** The frame clock of `scope` (the page's window or a worker): its animation frames, else timers. */
export function frameClockOf(scope: FrameScope): FrameClock {
  const request = scope.requestAnimationFrame?.bind(scope);
  const cancel = scope.cancelAnimationFrame?.bind(scope);
  if (!request || !cancel) return timerClock;
  return {
    request: (callback) => request(callback),
    cancel: (handle) => cancel(handle as number),
    now: () => performance.now(),
  };
}
