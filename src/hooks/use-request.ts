import { useCallback, useEffect, useRef, useState } from 'react';

/** Where one request stands. `startedAt` lets a view count the seconds it has been waiting. */
export type RequestState<T> =
  | { status: 'idle' }
  | { status: 'pending'; startedAt: number }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown }
  | { status: 'cancelled' };

/** How a call of `run` ended, for a caller that goes on after it (e.g. dispatches an event). */
export type RunOutcome<T> =
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown }
  /** Cancelled, replaced, reset or unmounted while it ran: nothing was written to the state. */
  | { status: 'aborted' }
  /** Not started: another request was in flight and `whileBusy` is 'ignore'. */
  | { status: 'ignored' };

/** The work of one request; it must stop (reject or return) once `signal` aborts. */
export type RequestTask<T> = (signal: AbortSignal) => Promise<T>;

type Options = {
  /**
   * A new run while one is in flight: 'ignore' it (a second click on Send), or 'replace' the
   * running one (a new search supersedes the old). Default 'ignore'.
   */
  whileBusy?: 'ignore' | 'replace';
};

const idle = { status: 'idle' } as const;

/**
 * One abortable request at a time, the plumbing every AI call and loader of the shop shares:
 * a status union, an in-flight guard that holds from the click (not from the next render), and
 * an abort of the running request on cancel, reset, replacement and unmount. An aborted request
 * never writes its result, so a late answer cannot overwrite a newer state.
 *
 * The task comes with each call of `run`, so it always sees the caller's current values and
 * needs no ref kept in step during render.
 */
export function useRequest<T>({ whileBusy = 'ignore' }: Options = {}) {
  const [state, setState] = useState<RequestState<T>>(idle);
  const inFlight = useRef<AbortController | null>(null);

  const abort = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => abort, [abort]);

  const run = useCallback(
    async (task: RequestTask<T>): Promise<RunOutcome<T>> => {
      if (inFlight.current) {
        if (whileBusy === 'ignore') return { status: 'ignored' };
        inFlight.current.abort();
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'pending', startedAt: Date.now() });
      try {
        const data = await task(controller.signal);
        if (controller.signal.aborted) return { status: 'aborted' };
        setState({ status: 'success', data });
        return { status: 'success', data };
      } catch (error) {
        if (controller.signal.aborted) return { status: 'aborted' };
        setState({ status: 'error', error });
        return { status: 'error', error };
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [whileBusy],
  );

  /** Stops the running request and says so ('cancelled'); nothing happens when none runs. */
  const cancel = useCallback(() => {
    if (!inFlight.current) return;
    abort();
    setState({ status: 'cancelled' });
  }, [abort]);

  /** Stops any running request and goes back to idle. */
  const reset = useCallback(() => {
    abort();
    setState(idle);
  }, [abort]);

  /** Whether a request runs right now (the ref, so it is true from the click on). */
  const inFlightNow = useCallback(() => inFlight.current !== null, []);

  return { state, run, cancel, reset, inFlight: inFlightNow, pending: state.status === 'pending' };
}
