import { useLayoutEffect, useRef, type DependencyList } from 'react';

/**
 * Moves focus to the returned ref's element when it appears (and again when `deps` change),
 * while `enabled`. A layout effect, so focus moves in the same commit that shows the element:
 * no frame where it is on screen without focus, and nothing that waits for it sees it unfocused.
 */
export function useFocusOnArrival<T extends HTMLElement>(
  enabled = true,
  deps: DependencyList = [],
) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (enabled) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide
  }, [enabled, ...deps]);
  return ref;
}
