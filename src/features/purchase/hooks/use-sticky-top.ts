import { useLayoutEffect, type RefObject } from 'react';

/** Room kept between the bottom of the sticky bar and what is scrolled to under it. */
const CLEARANCE_PX = 12;

/**
 * Keeps a sticky element right under the site's sticky header, whatever the header's height (a
 * one- or two-line navigation, the language, the zoom): sets `--purchase-sticky-top` on it, so
 * no gap opens between the two for the page to show through. The CSS falls back to the header's
 * usual 64 px (and its border). The header is found by its class: the layout's, read only.
 * While it is on screen, what the page scrolls to (a focused field, an alert, a link's target)
 * stops under the header and the bar together, not under the bar (issue #24): the page's
 * `scroll-padding-top` grows by the bar's height, and is given back when the bar goes.
 */
export function useStickyTop(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    const header = document.querySelector<HTMLElement>('.site-header');
    if (!element || !header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    const update = () => {
      const headerHeight = header.getBoundingClientRect().height;
      // Rounded down: a fraction of a pixel under the header rather than a hairline gap above.
      element.style.setProperty('--purchase-sticky-top', `${Math.floor(headerHeight)}px`);
      const covered = headerHeight + element.getBoundingClientRect().height + CLEARANCE_PX;
      root.style.scrollPaddingTop = `${Math.ceil(covered)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = before;
    };
  }, [ref]);
}
