import { FRAME_MS, type FrameClock } from '../../lib/frame-clock';

type Star = { x: number; y: number; r: number; speed: number; phase: number };

/** Twinkle is drawn in a few brightness steps, one path each, instead of one fill per star. */
const BRIGHTNESS_STEPS = 5;
/** One star per this many square CSS pixels, and never more than MAX_STARS. */
const AREA_PER_STAR = 9000;
const MAX_STARS = 220;

/** The sky's size in CSS pixels, and the device pixels per CSS pixel it is drawn at. */
export type SkySize = { width: number; height: number; ratio: number };

/** A running starfield, wherever it is drawn (on the page, or in its worker). */
export type Sky = {
  resize: (size: SkySize) => void;
  /** Moving stars at 30 frames a second, or one still frame. */
  setMoving: (moving: boolean) => void;
  stop: () => void;
};

type SkyContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Draws the starfield on `canvas` (a page canvas, or an OffscreenCanvas in a worker) by `clock`'s
 * frames. Returns undefined when the canvas gives no 2D context.
 */
export function createSky(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  clock: FrameClock,
  size: SkySize,
  moving: boolean,
): Sky | undefined {
  const context = canvas.getContext('2d') as SkyContext | null;
  if (!context) return undefined;
  let stars: Star[] = [];
  let { width, height } = size;
  let frame: unknown;
  let lastDrawn = -Infinity;

  const place = (next: SkySize) => {
    ({ width, height } = next);
    canvas.width = Math.round(width * next.ratio);
    canvas.height = Math.round(height * next.ratio);
    context.setTransform(next.ratio, 0, 0, next.ratio, 0, 0);
    const count = Math.min(Math.round((width * height) / AREA_PER_STAR), MAX_STARS);
    stars = Array.from({ length: count }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      r: Math.random() * 1.3 + 0.2,
      speed: Math.random() * 0.15 + 0.03,
      phase: Math.random() * Math.PI * 2,
    }));
  };

  const draw = (time: number, animate: boolean) => {
    context.clearRect(0, 0, width, height);
    context.fillStyle = '#e8ecff';
    const steps: Star[][] = Array.from({ length: BRIGHTNESS_STEPS }, () => []);
    for (const star of stars) {
      if (animate) {
        star.y -= star.speed * 2;
        if (star.y < 0) star.y = height;
      }
      const twinkle = animate ? 0.5 + 0.5 * Math.sin(time / 900 + star.phase) : 0.5;
      steps[Math.min(BRIGHTNESS_STEPS - 1, Math.floor(twinkle * BRIGHTNESS_STEPS))]!.push(star);
    }
    steps.forEach((group, step) => {
      if (group.length === 0) return;
      context.globalAlpha = 0.6 + (0.4 * (step + 0.5)) / BRIGHTNESS_STEPS;
      context.beginPath();
      for (const star of group) {
        context.moveTo(star.x + star.r, star.y);
        context.arc(star.x, star.y, star.r, 0, Math.PI * 2);
      }
      context.fill();
    });
  };

  const loop = (time: number) => {
    if (time - lastDrawn >= FRAME_MS) {
      lastDrawn = time;
      draw(time, true);
    }
    frame = clock.request(loop);
  };
  const cancel = () => {
    if (frame !== undefined) clock.cancel(frame);
    frame = undefined;
  };
  const drawStill = () => {
    frame = undefined;
    draw(0, false);
  };
  // Even the still sky is drawn in a frame callback: a worker's canvas shows what was drawn in
  // its animation frames.
  const show = () => {
    cancel();
    frame = clock.request(moving ? loop : drawStill);
  };

  place(size);
  show();
  return {
    resize: (next) => {
      place(next);
      show();
    },
    setMoving: (next) => {
      moving = next;
      show();
    },
    stop: cancel,
  };
}
