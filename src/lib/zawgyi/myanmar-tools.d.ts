/** Types for Google's myanmar-tools 1.1.3 (a CommonJS package that ships none). */
declare module 'myanmar-tools' {
  export class ZawgyiDetector {
    /** Probability (0 to 1) that `input` is Zawgyi; -Infinity when it has no Myanmar letters. */
    getZawgyiProbability(input: string): number;
  }
  export class ZawgyiConverter {
    zawgyiToUnicode(input: string): string;
    unicodeToZawgyi(input: string): string;
    normalizeZawgyi(input: string): string;
  }
  const tools: { ZawgyiDetector: typeof ZawgyiDetector; ZawgyiConverter: typeof ZawgyiConverter };
  export default tools;
}
