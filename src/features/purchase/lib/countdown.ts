/** The payment countdown, computed from an absolute expiry time (so it is right after sleep). */

import { burmeseDigits } from '#domain/digits';
import type { Language } from '../../../lib/i18n/languages';

/** Whole seconds left until `expiresAt`, never negative. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** `mm:ss` with the digits of the UI language (Burmese shows ၀၉:၅၉). */
export function formatCountdown(seconds: number, language: Language): string {
  const safe = Math.max(0, Math.floor(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  const text = `${two(Math.floor(safe / 60))}:${two(safe % 60)}`;
  return language === 'my' ? burmeseDigits(text) : text;
}

/** Moments at which screen readers hear the time left (seconds), besides the start. */
export const ANNOUNCE_AT = [300, 120, 60, 30] as const;

export type Announcement = { unit: 'minutes' | 'seconds'; count: number };

/** What a screen reader hears with `seconds` left; whole minutes, never more than is left. */
export function openingAnnouncement(seconds: number): Announcement {
  return seconds >= 60
    ? { unit: 'minutes', count: Math.floor(seconds / 60) }
    : { unit: 'seconds', count: Math.max(0, seconds) };
}

/**
 * The announcement due when the time left went from `previous` to `current` seconds: the time
 * left when a moment of ANNOUNCE_AT was crossed, else null. After sleep: one message, not many.
 */
export function crossedAnnouncement(previous: number, current: number): Announcement | null {
  const crossed = ANNOUNCE_AT.some((at) => previous > at && current <= at);
  return crossed && current > 0 ? openingAnnouncement(current) : null;
}
