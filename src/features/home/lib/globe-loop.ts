import { FRAME_MS, type FrameClock } from '../../../lib/frame-clock';

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

export type GlobeLoop = {
  /** Draws while the globe is on screen and the page is shown; pauses otherwise. */
  setActive: (active: boolean) => void;
  /** Draws one frame now (after a resize) unless the loop is running or stopped. */
  redraw: () => void;
  stop: () => void;
};

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
