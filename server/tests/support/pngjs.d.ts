/** The part of pngjs (installed with qrcode; no @types package here) the tests use. */
declare module 'pngjs' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
