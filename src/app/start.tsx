import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { App } from './app';

/**
 * The built index.html carries the layout and the home page in English (decision 046), and its
 * boot script marks <html data-boot> before the first paint: `home` when that markup is what this
 * visit shows, `route` (another route: the markup is hidden behind a shell) or `my` (a Burmese
 * visitor: the start overlay covers it). The markup is hydrated only when it is still the home
 * page in English (a tap on a link before the app started changes the hash); otherwise React
 * draws the page afresh and replaces the markup in one commit.
 */
export function shouldHydrate(container: HTMLElement, hash = window.location.hash): boolean {
  const onHome = hashPath(hash) === '/';
  return (
    container.dataset.prerendered === 'home' &&
    document.documentElement.dataset.boot === 'home' &&
    onHome
  );
}

/** The route path of a location hash: `#/buy-esim?step=pay` → `/buy-esim`, `` → `/`. */
export const hashPath = (hash: string): string => hash.replace(/^#/, '').split(/[?#]/)[0] || '/';

/**
 * Lifts the boot script's mark in the commit that replaces the hidden markup, before it paints,
 * and marks the app as started (`data-started`: what waits for it, such as the language toggle's
 * own font, may load now).
 */
function BootDone({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    delete document.documentElement.dataset.boot;
    document.documentElement.dataset.started = '';
  }, []);
  return children;
}

/** The whole app as main.tsx renders or hydrates it (a single-child chain, as pre-rendered). */
export function StartApp() {
  return (
    <StrictMode>
      <BootDone>
        <App />
      </BootDone>
    </StrictMode>
  );
}
