import { matchDevice } from './match-device';

/** What the browser tells about the visitor's device, before any AI is asked. */
export type BrowserDevice =
  /** The browser names the model (Client Hints or the user-agent string). */
  | { kind: 'model'; model: string }
  /** A computer: this page checks a phone, so nothing is guessed. */
  | { kind: 'desktop' }
  /** A phone or tablet that keeps its model to itself (every iPhone, reduced Android UAs). */
  | { kind: 'unknown'; iphone: boolean };

/** The part of `navigator.userAgentData` (User-Agent Client Hints) used here. */
type UserAgentData = {
  mobile?: boolean;
  getHighEntropyValues?: (hints: string[]) => Promise<{ model?: string }>;
};

export type NavigatorLike = {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: UserAgentData | undefined;
};

/** Placeholders that browsers and parsers give instead of a model. */
const NOT_A_MODEL = new Set(['', 'k', 'iphone', 'ipad', 'ipod', 'macintosh', 'android', 'mobile']);

const MOBILE_OS = /^(android|ios|ipados|harmonyos|kaios|windows phone|blackberry|tizen)/i;

const isModel = (value: string | undefined): value is string =>
  value !== undefined && !NOT_A_MODEL.has(value.trim().toLowerCase());

/** Chromium on Android answers the `model` hint (e.g. "SM-S918B", "Pixel 8"); others give ''. */
async function clientHintModel(data: UserAgentData | undefined): Promise<string | undefined> {
  if (!data?.getHighEntropyValues) return undefined;
  try {
    const { model } = await data.getHighEntropyValues(['model']);
    return isModel(model) ? model.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** "Samsung" + "SM-S918B" -> "Samsung SM-S918B"; "Google" + "Pixel 8" -> "Google Pixel 8". */
function withVendor(model: string, vendor: string | undefined): string {
  if (!vendor || model.toLowerCase().startsWith(vendor.toLowerCase())) return model;
  return `${vendor} ${model}`;
}

/** The name to put in the box: the device table's name when the model is known there. */
export function displayModel(model: string): string {
  return matchDevice(model)?.entry.name ?? model;
}

/**
 * Detects the device from the browser alone: first the Client Hints `model`, then the
 * user-agent string read by ua-parser-js 1.x (MIT; loaded only here). No network call.
 */
export async function detectFromBrowser(nav: NavigatorLike): Promise<BrowserDevice> {
  const hinted = await clientHintModel(nav.userAgentData);
  if (hinted) return { kind: 'model', model: displayModel(hinted) };

  // ua-parser-js 1.x is CommonJS (`module.exports = UAParser`): its default export is the class.
  const { default: UAParser } = await import('ua-parser-js');
  const { device, os } = new UAParser(nav.userAgent).getResult();
  const osName = os.name ?? '';
  // iPads ask for the desktop site and then look like a Mac, except that they have touch.
  const touchMac = /^mac/i.test(osName) && (nav.maxTouchPoints ?? 0) > 1;
  if (!device.type && !MOBILE_OS.test(osName) && !touchMac && nav.userAgentData?.mobile !== true) {
    return { kind: 'desktop' };
  }
  if (isModel(device.model)) {
    return { kind: 'model', model: displayModel(withVendor(device.model.trim(), device.vendor)) };
  }
  return { kind: 'unknown', iphone: device.model === 'iPhone' || /iPhone/.test(nav.userAgent) };
}
