import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(query);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True when the visitor asks for reduced motion, read now (for a one-off, e.g. a scroll). */
export const prefersReducedMotion = () => window.matchMedia?.(query).matches ?? false;

/** True while the visitor asks for reduced motion; follows changes of the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
