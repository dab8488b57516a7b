import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { GIVE_WAY_MEDIA } from '../../src/components/layout/floating-give-way';

/**
 * A screen for the floating buttons' give-way (decision 067): `phone` matches its media query.
 * Returns a handle that changes the answer and tells the listeners, as a rotation would.
 */
export function useScreen(kind: 'phone' | 'desktop') {
  const listeners = new Set<() => void>();
  let phone = kind === 'phone';
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === GIVE_WAY_MEDIA ? phone : false;
        },
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      phone = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** jsdom lays nothing out: the page is given a height to scroll in. */
export function pageOfHeight(height: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
  scrollPageTo(0);
}

/** Scrolls the window to `y` as a visitor would (the position, then a scroll event). */
export function scrollPageTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });
}
