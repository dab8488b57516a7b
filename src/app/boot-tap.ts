/**
 * A tap before the app has started (decision 065). The first paint is pre-rendered HTML
 * (decisions 046 and 062), drawn a second or two before React takes the page over on a slow
 * phone; a button tapped in that time has no handler yet. The boot script (scripts/prerender.ts,
 * TAP_RECORDER) keeps the last such tap, names it by the button's label and its place among the
 * buttons with the same label, and stops a form in the copy from being sent by the browser. The
 * app takes it when it renders and clicks the same button in its own page.
 */
export type BootTap = { label: string; index: number };

declare global {
  interface Window {
    /** Left by the boot script: stops recording and returns the tap kept, if any. */
    __bootTap?: () => unknown;
  }
}

/** A button's name as the boot script reads it: its aria-label, else its text, spaces folded. */
export const tapLabel = (button: Element): string =>
  (button.getAttribute('aria-label') || button.textContent || '').replace(/\s+/g, ' ').trim();

const isBootTap = (value: unknown): value is BootTap =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BootTap).label === 'string' &&
  Number.isInteger((value as BootTap).index) &&
  (value as BootTap).index >= 0;

/** Stops the boot script's recording and returns the tap it kept (once; null afterwards). */
export function takeBootTap(): BootTap | null {
  const take = window.__bootTap;
  if (typeof take !== 'function') return null;
  delete window.__bootTap;
  const tap = take();
  return isBootTap(tap) ? tap : null;
}

/** The button in `root` that a tap names, if the page has it. */
export function findTapTarget(root: ParentNode, tap: BootTap): HTMLButtonElement | null {
  const same = [...root.querySelectorAll('button')].filter(
    (button) => tapLabel(button) === tap.label,
  );
  return same[tap.index] ?? null;
}

const replayed = new WeakSet<BootTap>();

/**
 * Clicks the tapped button once the app's page has it: from the next frame on, for at most
 * `frames` frames (a page that is still loading may draw it a little later). A button the app
 * shows disabled ignores the click, as it would a real tap.
 */
export function replayBootTap(tap: BootTap, root: ParentNode, frames = 60): void {
  // Once per tap, even where an effect runs twice (StrictMode in development).
  if (replayed.has(tap)) return;
  replayed.add(tap);
  const attempt = (left: number) => {
    const target = findTapTarget(root, tap);
    if (target) target.click();
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  requestAnimationFrame(() => attempt(frames));
}
