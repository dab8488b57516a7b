import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export const LOADING_OVERLAY_MS = 500;

/**
 * When the page started: the built index.html's boot script marks it before the first paint
 * (decision 046), where the overlay is already in the pre-rendered markup; else undefined.
 */
function bootMark(): number | undefined {
  if (typeof document === 'undefined') return undefined; // pre-rendering at build time
  const mark = Number(document.documentElement.dataset.bootAt);
  return Number.isFinite(mark) && mark > 0 ? mark : undefined;
}

/** Whether the overlay's 500 ms from `start` are over, with a subscription for when they are. */
function overlayClock(start: number) {
  const left = () => Math.ceil(start + LOADING_OVERLAY_MS - performance.now());
  const clock = {
    over: left() <= 0,
    subscribe(onChange: () => void) {
      if (clock.over) return () => {};
      const timer = setTimeout(() => {
        clock.over = true;
        onChange();
      }, left());
      return () => clearTimeout(timer);
    },
    isOver: () => clock.over,
  };
  return clock;
}

/**
 * A short branded overlay while the app starts: 500 ms from the page's start. In a built page it
 * is part of the pre-rendered HTML, and CSS fades it after 500 ms whether or not the JavaScript
 * has arrived; this component removes it at the same moment. Hydration keeps it (as the HTML
 * has it) and removes it at once if the app started later; a page drawn afresh that late never
 * shows it again.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const [clock] = useState(() => overlayClock(bootMark() ?? performance.now()));
  const over = useSyncExternalStore(clock.subscribe, clock.isOver, () => false);
  if (over) return null;
  return (
    <div className="loading-overlay" role="status" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
