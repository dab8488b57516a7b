/** Which kind of device the buyer pays from, for instructions worded per platform. */
export type Platform = 'ios' | 'android' | 'desktop';

/**
 * iPhone/iPad (iPadOS says "Macintosh" but has a touch screen), Android, or anything else,
 * which is treated as a computer whose screen the buyer scans with a phone.
 */
export function detectPlatform(
  device: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator,
): Platform {
  const agent = device.userAgent;
  if (/iPhone|iPad|iPod/.test(agent)) return 'ios';
  if (/Macintosh/.test(agent) && device.maxTouchPoints > 1) return 'ios';
  if (/Android/.test(agent)) return 'android';
  return 'desktop';
}
