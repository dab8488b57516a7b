import { useSyncExternalStore } from 'react';
import './floating-give-way.css';

/**
 * On a phone the floating buttons (music, back to top, chat) give way to reading: they slide out
 * of view while the visitor scrolls down and come back when they scroll up, reach the end of the
 * page (where the footer's padding keeps them clear) or are at the very top (decision 067).
 * They stay while the visitor moves with Tab or one of them has keyboard focus. Wider screens
 * keep them in place.
 */
export const GIVE_WAY_MEDIA = '(max-width: 640px)';

/** Scrolled this far in one direction before the buttons go or come back (not on a jitter). */
export const GIVE_WAY_TRAVEL_PX = 16;
/** Within this distance of the top or the end of the page the buttons are shown. */
const EDGE_PX = 8;

/** The attribute a floating button (or its group) carries; see `floatingProps`. */
const FLOATING_ATTRIBUTE = 'data-floating';

let away = false;
let lastY = 0;
/** Signed distance scrolled in the current direction. */
let travel = 0;
/**
 * The visitor moves with Tab (since their last wheel, touch or click): the page scrolls to what
 * gets focus, and the buttons stay, so that Tab can reach them.
 */
let tabbing = false;
let media: MediaQueryList | undefined;
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

function update() {
  const y = window.scrollY;
  const delta = y - lastY;
  lastY = y;
  const atTop = y <= EDGE_PX;
  const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - EDGE_PX;
  if (!media?.matches || atTop || atEnd || tabbing || floatingHasKeyboardFocus()) {
    travel = 0;
    setAway(false);
    return;
  }
  if (delta === 0) return;
  travel = delta > 0 === travel > 0 ? travel + delta : delta;
  if (travel >= GIVE_WAY_TRAVEL_PX) setAway(true);
  else if (travel <= -GIVE_WAY_TRAVEL_PX) setAway(false);
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
    window.addEventListener('keydown', onKeyDown, true);
    for (const type of pointerEvents)
      window.addEventListener(type, onPointer, { capture: true, passive: true });
    media?.addEventListener?.('change', update);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('scroll', update);
    window.removeEventListener('keydown', onKeyDown, true);
    for (const type of pointerEvents) window.removeEventListener(type, onPointer, true);
    media?.removeEventListener?.('change', update);
    media = undefined;
    away = false;
  };
}

/** Brings the buttons back now (the chat opens: its button must be there when it closes). */
export function revealFloating() {
  travel = 0;
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
