import { useEffect, type RefObject } from 'react';

/** Room left under the button, above the keyboard. */
const MARGIN = 8;

/**
 * Keeps a step's primary button on screen over a phone's keyboard (issue #44: "Continue to
 * payment" sat under it). While `field` has focus, whenever the visual viewport changes (the
 * keyboard opens, the hint grows), the page scrolls just enough to bring `target`'s bottom above
 * the keyboard, never so far that the field goes under the sticky header.
 */
export function useReachOverKeyboard(
  field: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const input = field.current;
    if (!viewport || !input) return;
    const fit = () => {
      const button = target.current;
      if (!button || document.activeElement !== input) return;
      const visibleTop = viewport.offsetTop;
      const visibleBottom = viewport.offsetTop + viewport.height;
      const need = button.getBoundingClientRect().bottom + MARGIN - visibleBottom;
      if (need <= 0) return;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const room = input.getBoundingClientRect().top - Math.max(visibleTop, header) - MARGIN;
      const by = Math.min(need, room);
      if (by > 0) window.scrollBy(0, by);
    };
    input.addEventListener('focus', fit);
    viewport.addEventListener('resize', fit);
    return () => {
      input.removeEventListener('focus', fit);
      viewport.removeEventListener('resize', fit);
    };
  }, [field, target]);
}
