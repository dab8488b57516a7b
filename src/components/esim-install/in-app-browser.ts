/**
 * The in-app browsers buyers arrive in from a shared link (issue #42): Facebook, Messenger,
 * Instagram, Viber, LINE and others. In them Apple's one-tap install link may not open the
 * iPhone's eSIM setup, and a page kept for offline use is not kept in the phone's own browser, so
 * the order page leads with the QR to scan from another screen, the codes to copy, and how to open
 * the page in Safari or Chrome. Read from the user agent, which each of these apps marks.
 */
export type InAppBrowser =
  | 'facebook'
  | 'messenger'
  | 'instagram'
  | 'viber'
  | 'line'
  | 'wechat'
  | 'tiktok'
  | 'telegram'
  | 'other';

/** The app's own mark in its browser's user agent, first match wins (Messenger before Facebook). */
const marks: [InAppBrowser, RegExp][] = [
  ['messenger', /FBAN\/MessengerForiOS|FB_IAB\/(?:MESSENGER|Orca-Android)|MessengerLite/i],
  ['instagram', /\bInstagram\b/i],
  ['facebook', /FBAN\/|FBAV\/|FB_IAB\/|\bFBIOS\b/i],
  ['viber', /\bViber\b/i],
  ['line', /\bLine\/\d/],
  ['wechat', /MicroMessenger/i],
  ['tiktok', /musical_ly|BytedanceWebview|TikTok/i],
  ['telegram', /Telegram/i],
];

/** The in-app browser a user agent belongs to, or null for a phone's or computer's own browser. */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  for (const [app, mark] of marks) if (mark.test(userAgent)) return app;
  // Android's WebView marks itself `; wv)`; an app's web view on an iPhone has no `Safari/` (Safari,
  // Chrome, Firefox and Edge on iOS all keep it).
  if (/Android/.test(userAgent) && /; wv\)/.test(userAgent)) return 'other';
  if (
    /iPhone|iPad|iPod/.test(userAgent) &&
    /AppleWebKit/.test(userAgent) &&
    !/Safari\//.test(userAgent)
  ) {
    return 'other';
  }
  return null;
}

/** The app's name as buyers know it (brand names stay in Latin in both languages). */
export const inAppNames: Record<Exclude<InAppBrowser, 'other'>, string> = {
  facebook: 'Facebook',
  messenger: 'Messenger',
  instagram: 'Instagram',
  viber: 'Viber',
  line: 'LINE',
  wechat: 'WeChat',
  tiktok: 'TikTok',
  telegram: 'Telegram',
};
