import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequest } from '../../src/hooks/use-request';

/** A task that settles when the test says so and reports the signal it was given. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const signals: AbortSignal[] = [];
  const task = (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return {
    task,
    signals,
    resolve: (value: T) => resolve(value),
    reject: (e: unknown) => reject(e),
  };
}

describe('useRequest', () => {
  it('goes pending, then success with the data', async () => {
    const { result } = renderHook(() => useRequest<string>());
    const work = deferred<string>();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run(work.task);
    });
    expect(result.current.state.status).toBe('pending');
    expect(result.current.pending).toBe(true);
    await act(async () => work.resolve('answer'));
    await expect(outcome).resolves.toEqual({ status: 'success', data: 'answer' });
    expect(result.current.state).toEqual({ status: 'success', data: 'answer' });
  });

  it('keeps the error of a failed request', async () => {
    const { result } = renderHook(() => useRequest<string>());
    const work = deferred<string>();
    act(() => void result.current.run(work.task));
    const failure = new Error('down');
    await act(async () => work.reject(failure));
    expect(result.current.state).toEqual({ status: 'error', error: failure });
  });

  it('ignores a second run while one is in flight, even in the same tick', async () => {
    const { result } = renderHook(() => useRequest<string>());
    const first = deferred<string>();
    const second = deferred<string>();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      void result.current.run(first.task);
      outcome = result.current.run(second.task);
    });
    await expect(outcome).resolves.toEqual({ status: 'ignored' });
    expect(second.signals).toHaveLength(0);
    await act(async () => first.resolve('first'));
    expect(result.current.state).toEqual({ status: 'success', data: 'first' });
  });

  it("with whileBusy 'replace', aborts the running request and never shows its late answer", async () => {
    const { result } = renderHook(() => useRequest<string>({ whileBusy: 'replace' }));
    const first = deferred<string>();
    const second = deferred<string>();
    let firstOutcome: Promise<unknown> = Promise.resolve();
    act(() => {
      firstOutcome = result.current.run(first.task);
    });
    act(() => void result.current.run(second.task));
    expect(first.signals[0]?.aborted).toBe(true);
    await act(async () => second.resolve('second'));
    await act(async () => first.resolve('first, late'));
    await expect(firstOutcome).resolves.toEqual({ status: 'aborted' });
    expect(result.current.state).toEqual({ status: 'success', data: 'second' });
  });

  it('cancel aborts and says cancelled; reset aborts and goes back to idle', async () => {
    const { result } = renderHook(() => useRequest<string>());
    const first = deferred<string>();
    act(() => void result.current.run(first.task));
    act(() => result.current.cancel());
    expect(first.signals[0]?.aborted).toBe(true);
    expect(result.current.state).toEqual({ status: 'cancelled' });
    await act(async () => first.resolve('late'));
    expect(result.current.state).toEqual({ status: 'cancelled' });

    const second = deferred<string>();
    act(() => void result.current.run(second.task));
    act(() => result.current.reset());
    expect(second.signals[0]?.aborted).toBe(true);
    expect(result.current.state).toEqual({ status: 'idle' });
  });

  it('aborts the running request when the component unmounts', () => {
    const { result, unmount } = renderHook(() => useRequest<string>());
    const work = deferred<string>();
    act(() => void result.current.run(work.task));
    unmount();
    expect(work.signals[0]?.aborted).toBe(true);
  });
});
