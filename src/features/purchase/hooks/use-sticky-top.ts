import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps a sticky element right under the site's sticky header, whatever the header's height (a
 * one- or two-line navigation, the language, the zoom): sets `--purchase-sticky-top` on it, so
 * no gap opens between the two for the page to show through. The CSS falls back to the header's
 * usual 64 px (and its border). The header is found by its class: the layout's, read only.
 */
export function useStickyTop(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    const header = document.querySelector<HTMLElement>('.site-header');
    if (!element || !header || typeof ResizeObserver === 'undefined') return;
    // Rounded down: a fraction of a pixel under the header rather than a hairline gap above.
    const update = () =>
      element.style.setProperty(
        '--purchase-sticky-top',
        `${Math.floor(header.getBoundingClientRect().height)}px`,
      );
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, [ref]);
}
