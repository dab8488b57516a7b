import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Starfield } from '../../../src/components/layout/starfield';

/** A matchMedia whose reduced-motion answer the test can change, telling its listeners. */
function motionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  vi.spyOn(window, 'matchMedia').mockReturnValue(list);
  return (next: boolean) => {
    reduce = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

/** jsdom has no idle callbacks: afterInteractive then waits one second after load. */
const becomeIdle = () => act(() => vi.advanceTimersByTime(1_000));

let arcs: number;
let frames: number;
let cancelled: number;
let pendingFrames: Map<number, FrameRequestCallback>;
/** Runs the animation frames asked for so far (they may ask for more). */
const runFrames = () =>
  act(() => {
    const callbacks = [...pendingFrames.values()];
    pendingFrames.clear();
    callbacks.forEach((callback) => callback(1_000));
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  arcs = 0;
  frames = 0;
  cancelled = 0;
  pendingFrames = new Map();
  const context = {
    setTransform: () => {},
    clearRect: () => {},
    beginPath: () => {},
    moveTo: () => {},
    arc: () => void (arcs += 1),
    fill: () => {},
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames += 1;
    pendingFrames.set(frames, callback);
    return frames;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((handle) => {
    cancelled += 1;
    pendingFrames.delete(handle);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Starfield on the page (no OffscreenCanvas)', () => {
  it('draws nothing until the page is idle, then one still frame under prefers-reduced-motion', () => {
    motionSetting(true);
    const { container } = render(<Starfield />);
    expect(container.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true');
    expect(arcs).toBe(0);
    becomeIdle();
    runFrames();
    expect(arcs).toBeGreaterThan(0);
    expect(frames).toBe(1);
    runFrames();
    expect(frames).toBe(1);
  });

  it('starts moving once the page is idle, and stops at once when the visitor asks for reduced motion', () => {
    const change = motionSetting(false);
    render(<Starfield />);
    // Nothing competes with the first paint: no drawing, no animation frame yet.
    expect(arcs).toBe(0);
    expect(frames).toBe(0);
    becomeIdle();
    runFrames();
    expect(frames).toBe(2); // moving: every frame asks for the next
    arcs = 0;
    change(true);
    expect(cancelled).toBeGreaterThan(0);
    runFrames();
    expect(arcs).toBeGreaterThan(0);
    const still = frames;
    runFrames();
    expect(frames).toBe(still);
  });

  it('never draws when it leaves before the page is idle', () => {
    motionSetting(false);
    const { unmount } = render(<Starfield />);
    unmount();
    becomeIdle();
    expect(arcs).toBe(0);
    expect(frames).toBe(0);
  });
});

/** A Worker stand-in that records what the page sends it. */
class FakeWorker {
  static last: FakeWorker | undefined;
  readonly url: string;
  readonly messages: unknown[] = [];
  readonly transfers: unknown[][] = [];
  terminated = false;
  onerror: ((event: Event) => void) | null = null;
  constructor(url: URL | string) {
    this.url = String(url);
    FakeWorker.last = this;
  }
  postMessage(message: unknown, transfer: unknown[] = []) {
    this.messages.push(message);
    this.transfers.push(transfer);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('Starfield in a worker (OffscreenCanvas)', () => {
  const offscreen = { width: 0, height: 0 };

  beforeEach(() => {
    FakeWorker.last = undefined;
    vi.stubGlobal('Worker', FakeWorker);
    Object.defineProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen', {
      configurable: true,
      value: vi.fn(() => offscreen),
    });
  });

  afterEach(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });

  it('hands the canvas to the starfield worker once idle and keeps it informed; the page draws nothing', () => {
    const change = motionSetting(false);
    const { unmount } = render(<Starfield />);
    expect(FakeWorker.last).toBeUndefined();
    becomeIdle();
    const worker = FakeWorker.last!;
    expect(worker.url).toMatch(/starfield\.worker/);
    expect(worker.messages[0]).toEqual({
      type: 'start',
      canvas: offscreen,
      size: { width: window.innerWidth, height: window.innerHeight, ratio: 1 },
      moving: true,
    });
    expect(worker.transfers[0]).toEqual([offscreen]);

    change(true);
    expect(worker.messages.at(-1)).toEqual({ type: 'moving', moving: false });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(worker.messages.at(-1)).toMatchObject({ type: 'resize' });
    expect(arcs).toBe(0);
    expect(frames).toBe(0);

    unmount();
    expect(worker.terminated).toBe(true);
  });

  it('leaves the sky dark, without an error, when the canvas cannot be handed over', () => {
    motionSetting(false);
    vi.mocked(HTMLCanvasElement.prototype.transferControlToOffscreen).mockImplementation(() => {
      throw new DOMException('Cannot transfer control', 'InvalidStateError');
    });
    render(<Starfield />);
    expect(() => becomeIdle()).not.toThrow();
    expect(FakeWorker.last).toBeUndefined();
    expect(arcs).toBe(0);
  });
});
