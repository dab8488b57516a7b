import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterInteractive } from '../../src/lib/after-interactive';

/** A PerformanceObserver stand-in for paint entries, whose first paint the test announces. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static observers = new Set<FakePaintObserver>();
  static painted = false;
  constructor(
    private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void,
  ) {}
  observe() {
    FakePaintObserver.observers.add(this);
    if (FakePaintObserver.painted) this.notify();
  }
  disconnect() {
    FakePaintObserver.observers.delete(this);
  }
  notify() {
    this.callback({
      getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []),
    });
  }
  static paint() {
    FakePaintObserver.painted = true;
    FakePaintObserver.observers.forEach((observer) => observer.notify());
  }
}

let idle: Array<() => void>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  idle = [];
  FakePaintObserver.observers.clear();
  FakePaintObserver.painted = false;
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => idle.splice(0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const runIdle = () => idle.splice(0).forEach((callback) => callback());

describe('afterInteractive', () => {
  it('waits for the first contentful paint, then for an idle moment', () => {
    const task = vi.fn();
    afterInteractive(task);
    runIdle();
    expect(task).not.toHaveBeenCalled();
    FakePaintObserver.paint();
    expect(task).not.toHaveBeenCalled();
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes on when the page has painted already (a buffered entry)', () => {
    FakePaintObserver.painted = true;
    const task = vi.fn();
    afterInteractive(task);
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes on after five seconds without a first paint (e.g. a hidden tab)', () => {
    const task = vi.fn();
    afterInteractive(task);
    vi.advanceTimersByTime(4_999);
    runIdle();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled, whatever it was waiting for', () => {
    const beforePaint = vi.fn();
    afterInteractive(beforePaint)();
    FakePaintObserver.paint();
    runIdle();
    vi.advanceTimersByTime(10_000);
    expect(beforePaint).not.toHaveBeenCalled();
    expect(FakePaintObserver.observers.size).toBe(0);

    const beforeIdle = vi.fn();
    const cancel = afterInteractive(beforeIdle);
    cancel();
    runIdle();
    expect(beforeIdle).not.toHaveBeenCalled();
  });
});
