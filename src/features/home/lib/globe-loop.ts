/** A slow globe needs no more than 30 frames a second. */
const FRAME_MS = 1000 / 30;
/** If drawing a frame keeps its thread this busy on average, the device is too slow. */
const SLOW_FRAME_MS = 12;
const FRAMES_TO_JUDGE = 20;

/** What the loop tells the page (directly, or through the worker's messages). */
export type GlobeEvents = {
  /** Called once the first frame is on screen (the still globe can then step aside). */
  onReady: () => void;
  /** Called if frames are too slow; the loop stops and the still globe comes back. */
  onLost: () => void;
};

/** The thread's frame clock: `requestAnimationFrame` on the page and in Chromium's workers. */
export type FrameClock = {
  request: (callback: (now: number) => void) => unknown;
  cancel: (handle: unknown) => void;
  now: () => number;
};

export type GlobeLoop = {
  /** Draws while the globe is on screen and the page is shown; pauses otherwise. */
  setActive: (active: boolean) => void;
  /** Draws one frame now (after a resize) unless the loop is running or stopped. */
  redraw: () => void;
  stop: () => void;
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

/**
 * Draws `draw` at most 30 times a second while active. With `judgeSpeed`, gives up (onLost) when
 * the first frames take more than SLOW_FRAME_MS on average.
 */
export function runGlobeLoop(
  draw: (now: number) => void,
  clock: FrameClock,
  options: GlobeEvents & { judgeSpeed: boolean },
): GlobeLoop {
  let frame: unknown;
  let last = clock.now();
  let active = false;
  let ready = false;
  let stopped = false;
  let judged = 0;
  let busy = 0;

  const drawFrame = (now: number) => {
    last = now;
    const started = clock.now();
    draw(now);
    if (options.judgeSpeed && judged < FRAMES_TO_JUDGE) {
      busy += clock.now() - started;
      judged += 1;
      if (judged === FRAMES_TO_JUDGE && busy / judged > SLOW_FRAME_MS) {
        stopped = true;
        options.onLost();
        return;
      }
    }
    if (!ready) {
      ready = true;
      options.onReady();
    }
  };
  const loop = (now: number) => {
    if (now - last >= FRAME_MS - 1) drawFrame(now);
    if (!stopped) frame = clock.request(loop);
  };
  const cancel = () => {
    if (frame !== undefined) clock.cancel(frame);
    frame = undefined;
  };

  return {
    setActive: (next) => {
      active = next;
      cancel();
      if (active && !stopped) {
        last = clock.now() - FRAME_MS;
        frame = clock.request(loop);
      }
    },
    redraw: () => {
      if (frame === undefined && !stopped) drawFrame(clock.now());
    },
    stop: () => {
      stopped = true;
      cancel();
    },
  };
}
