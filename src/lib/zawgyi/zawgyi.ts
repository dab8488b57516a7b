import type MyanmarTools from 'myanmar-tools';

/**
 * Burmese typed in the Zawgyi encoding (still common on older phones) looks like Burmese but
 * uses the Myanmar code points differently, so the AI would read garbage. This module finds such
 * text with Google's myanmar-tools and converts it to Unicode. The library (~90 KB) is loaded
 * by dynamic import, only once Myanmar script has been typed.
 */

/** Myanmar block, Extended-A and Extended-B. */
const MYANMAR_SCRIPT = /[\u1000-\u109F\uAA60-\uAA7F\uA9E0-\uA9FF]/;

/** Google's recommended cut-off: above it the text is treated as Zawgyi. */
export const ZAWGYI_THRESHOLD = 0.95;

export const hasMyanmarScript = (text: string): boolean => MYANMAR_SCRIPT.test(text);

export type ZawgyiTools = {
  /** Probability that `text` is Zawgyi (0 to 1); -Infinity without Myanmar letters. */
  zawgyiProbability: (text: string) => number;
  zawgyiToUnicode: (text: string) => string;
};

type Library = typeof MyanmarTools;

/**
 * The package's Node build decodes its model with `new Buffer(data, 'base64')`, which browsers
 * do not have. While the detector is built, a global `Buffer` that decodes base64 with `atob`
 * stands in for it, and is removed again straight after.
 */
function withBase64Buffer<T>(make: () => T): T {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer !== undefined) return make();
  scope.Buffer = function base64Bytes(data: string) {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  };
  try {
    return make();
  } finally {
    delete scope.Buffer;
  }
}

/** Builds the detector and converter (uncached; use `loadZawgyiTools`). */
export async function createZawgyiTools(): Promise<ZawgyiTools> {
  const module = (await import('myanmar-tools')) as Partial<Library> & { default?: Library };
  const library: Partial<Library> = module.default ?? module;
  const { ZawgyiDetector, ZawgyiConverter } = library;
  if (!ZawgyiDetector || !ZawgyiConverter) throw new Error('myanmar-tools has no detector');
  const detector = withBase64Buffer(() => new ZawgyiDetector());
  const converter = new ZawgyiConverter();
  return {
    zawgyiProbability: (text) => detector.getZawgyiProbability(text),
    zawgyiToUnicode: (text) => converter.zawgyiToUnicode(text),
  };
}

let tools: Promise<ZawgyiTools> | undefined;

/** The detector and converter, loaded once (a failed load is retried next time). */
export function loadZawgyiTools(): Promise<ZawgyiTools> {
  tools ??= createZawgyiTools().catch((error: unknown) => {
    tools = undefined;
    throw error;
  });
  return tools;
}

/** Starts loading the tools as soon as Myanmar script is typed, so a later send is instant. */
export function preloadZawgyiFor(text: string): void {
  if (hasMyanmarScript(text)) loadZawgyiTools().catch(() => undefined);
}

/**
 * `text` in Unicode: Zawgyi text is converted, anything else is returned as it is. Text with no
 * Myanmar letters never loads the library. If the library cannot load, the text goes unchanged.
 */
export async function toUnicode(text: string): Promise<string> {
  if (!hasMyanmarScript(text)) return text;
  let loaded: ZawgyiTools;
  try {
    loaded = await loadZawgyiTools();
  } catch (error) {
    console.info('The Zawgyi detector could not be loaded', error);
    return text;
  }
  return loaded.zawgyiProbability(text) > ZAWGYI_THRESHOLD ? loaded.zawgyiToUnicode(text) : text;
}
