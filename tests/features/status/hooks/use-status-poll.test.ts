import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStatusPoll } from '../../../../src/features/status/hooks/use-status-poll';
import type { StatusReport, StatusSource } from '../../../../src/features/status/lib/status-report';

const report = (): StatusReport => ({
  overall: 'operational',
  lastChecked: new Date(),
  services: [],
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets pending promises and timers due by now run. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useStatusPoll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('checks at once, then every 5 seconds', async () => {
    const source = vi.fn<StatusSource>(() => Promise.resolve(report()));
    const { result } = renderHook(() => useStatusPoll(source));
    expect(result.current.loading).toBe(true);
    await flush();
    expect(source).toHaveBeenCalledTimes(1);
    expect(result.current.loading).toBe(false);
    expect(result.current.report?.overall).toBe('operational');
    await advance(4_999);
    expect(source).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(source).toHaveBeenCalledTimes(2);
    await advance(10_000);
    expect(source).toHaveBeenCalledTimes(4);
  });

  it('keeps the 5-second rhythm when a check itself takes time, never two at once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const source = vi.fn<StatusSource>(async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 500));
      inFlight -= 1;
      return report();
    });
    renderHook(() => useStatusPoll(source));
    await advance(500);
    expect(source).toHaveBeenCalledTimes(1);
    await advance(4_500);
    expect(source).toHaveBeenCalledTimes(2);
    await advance(5_000);
    expect(source).toHaveBeenCalledTimes(3);
    expect(maxInFlight).toBe(1);
  });

  it('pauses while the tab is hidden and checks again when it is shown', async () => {
    const source = vi.fn<StatusSource>(() => Promise.resolve(report()));
    const { result } = renderHook(() => useStatusPoll(source));
    await flush();
    expect(source).toHaveBeenCalledTimes(1);

    act(() => setVisibility('hidden'));
    expect(result.current.paused).toBe(true);
    await advance(60_000);
    expect(source).toHaveBeenCalledTimes(1);

    act(() => setVisibility('visible'));
    await flush();
    expect(result.current.paused).toBe(false);
    expect(source).toHaveBeenCalledTimes(2);
    await advance(5_000);
    expect(source).toHaveBeenCalledTimes(3);
  });

  it('reports a failure, keeps the last report, and recovers on the next check', async () => {
    const source = vi
      .fn<StatusSource>()
      .mockResolvedValueOnce(report())
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(report());
    const { result } = renderHook(() => useStatusPoll(source));
    await flush();
    expect(result.current.failed).toBe(false);
    await advance(5_000);
    expect(result.current.failed).toBe(true);
    expect(result.current.report).toBeDefined();
    await advance(5_000);
    expect(result.current.failed).toBe(false);
  });

  it('stops polling when unmounted', async () => {
    const source = vi.fn<StatusSource>(() => Promise.resolve(report()));
    const { unmount } = renderHook(() => useStatusPoll(source));
    await flush();
    unmount();
    await advance(30_000);
    expect(source).toHaveBeenCalledTimes(1);
  });
});
