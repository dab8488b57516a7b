/**
 * The one Myanmar clock of the shop and the server: Myanmar Standard Time is UTC+06:30 all year
 * (no daylight saving), whatever time zone the browser or the server runs in.
 */

/** Myanmar Standard Time as an ISO 8601 offset, used when a receipt shows a time without a zone. */
export const MYANMAR_UTC_OFFSET = '+06:30';

/** The same offset in milliseconds. */
export const MYANMAR_OFFSET_MS = (6 * 60 + 30) * 60_000;

/** The current time as Myanmar shows it (UTC+06:30), e.g. `2026-11-22 03:15`. */
export function myanmarTime(now: Date): string {
  const local = new Date(now.getTime() + MYANMAR_OFFSET_MS);
  return local.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A Date whose local-time getters read Myanmar wall time (UTC+06:30) whatever the server's own
 * time zone is, so the shared createOrderNumber (which formats local time) gives Myanmar time.
 */
export class MyanmarWallClock extends Date {
  constructor(epochMs: number) {
    super(epochMs + MYANMAR_OFFSET_MS);
  }
  override getFullYear() {
    return this.getUTCFullYear();
  }
  override getMonth() {
    return this.getUTCMonth();
  }
  override getDate() {
    return this.getUTCDate();
  }
  override getHours() {
    return this.getUTCHours();
  }
  override getMinutes() {
    return this.getUTCMinutes();
  }
  override getSeconds() {
    return this.getUTCSeconds();
  }
}
