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

let arcs: number;
let frames: number;
let cancelled: number;

beforeEach(() => {
  arcs = 0;
  frames = 0;
  cancelled = 0;
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
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => (frames += 1));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => void (cancelled += 1));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Starfield', () => {
  it('draws a still sky, with no animation frame, under prefers-reduced-motion', () => {
    motionSetting(true);
    const { container } = render(<Starfield />);
    expect(container.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true');
    expect(arcs).toBeGreaterThan(0);
    expect(frames).toBe(0);
  });

  it('draws a still sky at once, moves only once the page is idle, and stops at once when the visitor asks for reduced motion', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const change = motionSetting(false);
    render(<Starfield />);
    // Nothing competes with the first paint: one still frame, no animation yet.
    expect(arcs).toBeGreaterThan(0);
    expect(frames).toBe(0);
    act(() => vi.advanceTimersByTime(1_000));
    expect(frames).toBe(1);
    arcs = 0;
    change(true);
    expect(cancelled).toBeGreaterThan(0);
    expect(arcs).toBeGreaterThan(0);
    expect(frames).toBe(1);
  });
});
