import { describe, expect, it } from 'vitest';
import { createSky } from '../../../src/components/layout/starfield-sky';
import type { FrameClock } from '../../../src/lib/frame-clock';

/** A canvas whose context counts what is drawn. */
function fakeCanvas() {
  const drawn = { arcs: 0, clears: 0, transform: [] as number[] };
  const context = {
    setTransform: (...values: number[]) => void (drawn.transform = values),
    clearRect: () => void (drawn.clears += 1),
    beginPath: () => {},
    moveTo: () => {},
    arc: () => void (drawn.arcs += 1),
    fill: () => {},
    fillStyle: '',
    globalAlpha: 1,
  };
  const canvas = { width: 0, height: 0, getContext: () => context };
  return { canvas: canvas as unknown as OffscreenCanvas, drawn };
}

/** A clock whose frames the test runs by hand. */
function manualClock() {
  const pending = new Map<number, (now: number) => void>();
  let next = 0;
  const clock: FrameClock = {
    request: (callback) => {
      next += 1;
      pending.set(next, callback);
      return next;
    },
    cancel: (handle) => void pending.delete(handle as number),
    now: () => 0,
  };
  const tick = (now: number) => {
    const callbacks = [...pending.values()];
    pending.clear();
    callbacks.forEach((callback) => callback(now));
  };
  return { clock, tick, pending: () => pending.size };
}

const phone = { width: 390, height: 844, ratio: 2 };

describe('createSky', () => {
  it('sizes the canvas in device pixels and places one star per 9000 square pixels, at most 220', () => {
    const { canvas, drawn } = fakeCanvas();
    const { clock, tick } = manualClock();
    createSky(canvas, clock, phone, false);
    tick(0);
    expect(canvas.width).toBe(780);
    expect(canvas.height).toBe(1688);
    expect(drawn.transform).toEqual([2, 0, 0, 2, 0, 0]);
    expect(drawn.arcs).toBe(Math.round((390 * 844) / 9000));

    const desktop = fakeCanvas();
    const desktopClock = manualClock();
    createSky(desktop.canvas, desktopClock.clock, { width: 2560, height: 1440, ratio: 1 }, false);
    desktopClock.tick(0);
    expect(desktop.drawn.arcs).toBe(220);
  });

  it('draws one still frame, in the next animation frame, and no more when not moving', () => {
    const { canvas, drawn } = fakeCanvas();
    const { clock, tick, pending } = manualClock();
    createSky(canvas, clock, phone, false);
    expect(drawn.clears).toBe(0);
    tick(0);
    expect(drawn.clears).toBe(1);
    expect(pending()).toBe(0);
  });

  it('moves at no more than 30 frames a second, and stops at once', () => {
    const { canvas, drawn } = fakeCanvas();
    const { clock, tick, pending } = manualClock();
    const sky = createSky(canvas, clock, phone, true)!;
    expect(drawn.clears).toBe(0);
    tick(1_000);
    expect(drawn.clears).toBe(1);
    tick(1_016); // 16 ms later: too soon for a 30 fps frame
    expect(drawn.clears).toBe(1);
    tick(1_034);
    expect(drawn.clears).toBe(2);
    sky.setMoving(false);
    expect(pending()).toBe(1);
    tick(1_040);
    expect(drawn.clears).toBe(3); // the still frame
    expect(pending()).toBe(0);
    sky.setMoving(true);
    sky.stop();
    expect(pending()).toBe(0);
    tick(2_000);
    expect(drawn.clears).toBe(3);
  });

  it('resizes to a new window and redraws', () => {
    const { canvas, drawn } = fakeCanvas();
    const { clock, tick } = manualClock();
    const sky = createSky(canvas, clock, phone, false)!;
    tick(0);
    sky.resize({ width: 844, height: 390, ratio: 1 });
    tick(16);
    expect(canvas.width).toBe(844);
    expect(canvas.height).toBe(390);
    expect(drawn.clears).toBe(2);
  });

  it('gives up without a 2D context', () => {
    const canvas = { getContext: () => null } as unknown as OffscreenCanvas;
    expect(createSky(canvas, manualClock().clock, phone, true)).toBeUndefined();
  });
});
