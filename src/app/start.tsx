import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { App } from './app';
import { replayBootTap, takeBootTap, type BootTap } from './boot-tap';

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

type BootProps = {
  /**
   * A tap on the pre-rendered page, taken by main.tsx before hydrating (React replays the taps
   * it sees while hydrating); when absent, taken in the commit that replaces the pre-rendered
   * copy, until which the boot script records them (decision 065).
   */
  bootTap?: BootTap | null;
};

/**
 * Lifts the boot script's mark in the commit that replaces the hidden markup, before it paints,
 * and marks the app as started (`data-started`: what waits for it, such as the language toggle's
 * own font, may load now). A button tapped before then is clicked again in the app's page.
 */
function BootDone({ children, bootTap }: BootProps & { children: ReactNode }) {
  useLayoutEffect(() => {
    delete document.documentElement.dataset.boot;
    // The checkout's copy carried by index.html, when the boot script has not used it.
    document.getElementById('boot-page')?.remove();
    document.documentElement.dataset.started = '';
    const tap = bootTap === undefined ? takeBootTap() : bootTap;
    const root = document.getElementById('root');
    if (tap && root) replayBootTap(tap, root);
  }, [bootTap]);
  return children;
}

/** The whole app as main.tsx renders or hydrates it (a single-child chain, as pre-rendered). */
export function StartApp({ bootTap }: BootProps) {
  return (
    <StrictMode>
      <BootDone bootTap={bootTap}>
        <App />
      </BootDone>
    </StrictMode>
  );
}
