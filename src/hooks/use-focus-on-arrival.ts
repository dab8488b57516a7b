import { useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to the returned ref's element when it appears, while `enabled`. A layout effect,
 * so focus moves in the same commit that shows the element: no frame where it is on screen
 * without focus, and nothing that waits for it sees it unfocused. (To focus again for new
 * content, give the component a new `key`.)
 */
export function useFocusOnArrival<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
