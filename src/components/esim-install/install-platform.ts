/**
 * Which install path a phone gets (issue #17): an iPhone on iOS 17.5 or later installs from
 * Apple's universal link; an older iPhone gets the QR code and the codes; an Android phone gets
 * the Settings steps and the code to paste; anything else (a computer) the QR to scan.
 */
export type InstallPlatform =
  { kind: 'ios'; canInstallFromLink: boolean } | { kind: 'android' } | { kind: 'other' };

/** The first iOS with Apple's eSIM installation link for carriers' and resellers' codes. */
const LINK_INSTALL_IOS = [17, 5] as const;

function atLeast(version: string | undefined, minimum: readonly number[]): boolean {
  if (!version) return false;
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < minimum.length; index++) {
    const part = parts[index] ?? 0;
    const wanted = minimum[index] ?? 0;
    if (part !== wanted) return part > wanted;
  }
  return true;
}

/** The install path for a user agent, read by ua-parser-js (loaded only here). */
export async function detectInstallPlatform(userAgent: string): Promise<InstallPlatform> {
  // ua-parser-js 1.x is CommonJS (`module.exports = UAParser`): its default export is the class.
  const { default: UAParser } = await import('ua-parser-js');
  const { os } = new UAParser(userAgent).getResult();
  if (os.name === 'iOS') {
    return { kind: 'ios', canInstallFromLink: atLeast(os.version, LINK_INSTALL_IOS) };
  }
  if (os.name === 'Android') return { kind: 'android' };
  return { kind: 'other' };
}
