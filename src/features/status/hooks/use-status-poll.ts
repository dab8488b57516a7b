import { useCallback, useEffect, useRef, useState } from 'react';
import { STATUS_POLL_MS, type StatusReport, type StatusSource } from '../lib/status-report';

export type StatusPollState = {
  /** The latest report that loaded (kept when a later check fails). */
  report?: StatusReport;
  /** True until the first check has finished. */
  loading: boolean;
  /** True when the latest check failed. */
  failed: boolean;
  /** True while the tab is hidden and polling is paused. */
  paused: boolean;
};

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Checks `source` now and then every `intervalMs` (measured from the start of each check, never
 * two at once). Polling pauses while the tab is hidden and checks again as soon as it is shown.
 */
export function useStatusPoll(source: StatusSource, intervalMs = STATUS_POLL_MS) {
  const [state, setState] = useState<StatusPollState>({
    loading: true,
    failed: false,
    paused: isHidden(),
  });
  const refreshRef = useRef<() => void>(() => {});

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let active = true;

    const schedule = (startedAt: number) => {
      clearTimeout(timer);
      if (!active || isHidden()) return;
      timer = setTimeout(check, Math.max(0, intervalMs - (Date.now() - startedAt)));
    };

    async function check() {
      clearTimeout(timer);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      const startedAt = Date.now();
      try {
        const report = await source(current.signal);
        if (current.signal.aborted) return;
        setState((previous) => ({ ...previous, report, loading: false, failed: false }));
      } catch {
        if (current.signal.aborted) return;
        setState((previous) => ({ ...previous, loading: false, failed: true }));
      }
      schedule(startedAt);
    }

    const onVisibilityChange = () => {
      const hidden = isHidden();
      setState((previous) =>
        previous.paused === hidden ? previous : { ...previous, paused: hidden },
      );
      if (hidden) clearTimeout(timer);
      else void check();
    };

    refreshRef.current = () => void check();
    document.addEventListener('visibilitychange', onVisibilityChange);
    if (!isHidden()) void check();
    return () => {
      active = false;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [source, intervalMs]);

  const refresh = useCallback(() => refreshRef.current(), []);
  return { ...state, refresh };
}
