import { useSyncExternalStore } from 'react';
import './floating-give-way.css';

/**
 * On a phone the floating buttons (music, back to top, chat) give way to reading: they slide out
 * of view while the visitor scrolls down and come back when they scroll up, reach the end of the
 * page (where the footer's padding keeps them clear) or are at the very top (decision 067).
 * They stay while the visitor moves with Tab or one of them has keyboard focus. Wider screens
 * keep them in place. They also give way while they would cover content marked
 * `data-floating-clear` (issue #24: the eSIM, the checkout's lists), and while they would cover
 * any button, link or field of the page (issue #44: a Burmese hero's buttons, "Upload and
 * verify"), also the one Tab has reached.
 */
export const GIVE_WAY_MEDIA = '(max-width: 640px)';

/** Scrolled this far in one direction before the buttons go or come back (not on a jitter). */
export const GIVE_WAY_TRAVEL_PX = 16;
/** Within this distance of the top or the end of the page the buttons are shown. */
const EDGE_PX = 8;

/** The attribute a floating button (or its group) carries; see `floatingProps`. */
const FLOATING_ATTRIBUTE = 'data-floating';

let away = false;
/** Gone because the visitor reads down (the scroll rule alone). */
let scrolledAway = false;
let lastY = 0;
/** Signed distance scrolled in the current direction. */
let travel = 0;
/**
 * The visitor moves with Tab (since their last wheel, touch or click): the page scrolls to what
 * gets focus, and the buttons stay, so that Tab can reach them.
 */
let tabbing = false;
let media: MediaQueryList | undefined;
let bodyObserver: ResizeObserver | undefined;
const listeners = new Set<() => void>();

function setAway(next: boolean) {
  if (next === away) return;
  away = next;
  listeners.forEach((listener) => listener());
}

/** A floating button has keyboard focus: it must not slide away from under it. */
function floatingHasKeyboardFocus() {
  const active = document.activeElement;
  if (!(active instanceof Element) || !active.closest(`[${FLOATING_ATTRIBUTE}]`)) return false;
  try {
    return active.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Content the floating buttons must never cover on a phone (issue #24): an element carrying
 * this attribute (the eSIM on the result step and the order page, the checkout's lists) makes
 * them give way while any of its texts or controls lies where they rest.
 */
export const FLOATING_CLEAR_ATTRIBUTE = 'data-floating-clear';
const CLEAR_TARGETS = [
  'li',
  'p',
  'a',
  'button',
  'input',
  'label',
  'svg',
  'h2',
  'h3',
  'h4',
  'dt',
  'dd',
]
  .map((tag) => `[${FLOATING_CLEAR_ATTRIBUTE}] ${tag}`)
  .join(', ');
/**
 * The controls of the page, which no floating button may cover anywhere (issue #44): a button
 * over another button takes the tap meant for it. The buttons themselves are left out.
 */
const CONTROLS = ['a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'label']
  .flatMap((control) => [`main ${control}`, `footer ${control}`])
  .join(', ');

type Box = { left: number; top: number; right: number; bottom: number };
const meets = (a: Box, b: Box) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Where each floating button rests on screen, whether or not it has slid away. */
function restingBoxes(): Box[] {
  if (typeof DOMMatrixReadOnly === 'undefined') return [];
  return [...document.querySelectorAll<HTMLElement>(`[${FLOATING_ATTRIBUTE}]`)]
    .map((element) => {
      const box = element.getBoundingClientRect();
      const shift = new DOMMatrixReadOnly(getComputedStyle(element).transform).m42;
      return { left: box.left, right: box.right, top: box.top - shift, bottom: box.bottom - shift };
    })
    .filter((box) => box.right > box.left && box.bottom > box.top);
}

/** A floating button at rest would lie over one of these elements (shown, on screen). */
function wouldCover(targets: Iterable<Element>) {
  const resting = restingBoxes();
  if (resting.length === 0) return false;
  const screen = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  for (const target of targets) {
    // Out of sight on purpose: a visually hidden file input under its label, a closed menu.
    if (target.closest(`[${FLOATING_ATTRIBUTE}], .visually-hidden`)) continue;
    const box = target.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !meets(box, screen)) continue;
    if (resting.some((fab) => meets(box, fab))) return true;
  }
  return false;
}

/** A floating button at rest would lie over marked content's text or control, or any control. */
function wouldCoverContent() {
  return wouldCover(document.querySelectorAll(`${CLEAR_TARGETS}, ${CONTROLS}`));
}

/** While the visitor moves with Tab: the control Tab has reached would be under a button. */
function wouldCoverFocus() {
  const active = document.activeElement;
  return active instanceof Element && active !== document.body && wouldCover([active]);
}

function update() {
  const y = window.scrollY;
  const delta = y - lastY;
  lastY = y;
  const atTop = y <= EDGE_PX;
  const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - EDGE_PX;
  if (!media?.matches || floatingHasKeyboardFocus()) {
    travel = 0;
    scrolledAway = false;
    setAway(false);
    return;
  }
  if (tabbing) {
    // In reach for Tab, except over the very control Tab has reached (WCAG 2.4.11).
    travel = 0;
    scrolledAway = false;
    setAway(wouldCoverFocus());
    return;
  }
  if (atTop || atEnd) {
    travel = 0;
    scrolledAway = false;
  } else if (delta !== 0) {
    travel = delta > 0 === travel > 0 ? travel + delta : delta;
    if (travel >= GIVE_WAY_TRAVEL_PX) scrolledAway = true;
    else if (travel <= -GIVE_WAY_TRAVEL_PX) scrolledAway = false;
  }
  setAway(scrolledAway || wouldCoverContent());
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  tabbing = true;
  revealFloating();
}

function onPointer() {
  tabbing = false;
}

const pointerEvents = ['pointerdown', 'wheel', 'touchstart'] as const;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    media = window.matchMedia?.(GIVE_WAY_MEDIA);
    lastY = window.scrollY;
    travel = 0;
    tabbing = false;
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    // A step or page that changes what lies under the buttons (issue #24).
    bodyObserver = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    bodyObserver?.observe(document.body);
    window.addEventListener('keydown', onKeyDown, true);
    // Focus that moves without a scroll (Tab to a control already on screen).
    window.addEventListener('focusin', update, true);
    for (const type of pointerEvents)
      window.addEventListener(type, onPointer, { capture: true, passive: true });
    media?.addEventListener?.('change', update);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
    bodyObserver?.disconnect();
    bodyObserver = undefined;
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('focusin', update, true);
    for (const type of pointerEvents) window.removeEventListener(type, onPointer, true);
    media?.removeEventListener?.('change', update);
    media = undefined;
    away = false;
    scrolledAway = false;
  };
}

/** Brings the buttons back now (the chat opens: its button must be there when it closes). */
export function revealFloating() {
  travel = 0;
  scrolledAway = false;
  setAway(false);
}

/** True while the floating buttons are out of the way (only ever on a phone). */
export function useFloatingGiveWay(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => away,
    () => false,
  );
}

/**
 * What a floating button (or group of buttons) spreads on its element: its class with the one
 * that slides it away, the marker, and `inert` while it is away, so that it can be neither
 * focused nor pressed out of sight.
 */
export function floatingProps(isAway: boolean, className: string) {
  return {
    className: `${className} floating${isAway ? ' floating--away' : ''}`,
    [FLOATING_ATTRIBUTE]: '',
    inert: isAway,
  };
}
