import * as web from 'node:stream/web';

/**
 * The unit tests run in VM contexts (vitest.config.ts, decision 099), whose jsdom window lacks the
 * WHATWG streams that Node puts on its own global: MSW and the Fetch API's bodies need them. The
 * first setup file, so that they are there before any module loads.
 */
const g = globalThis as Record<string, unknown>;
for (const name of [
  'WritableStream',
  'ReadableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
  'ByteLengthQueuingStrategy',
  'CountQueuingStrategy',
  'ReadableStreamDefaultReader',
  'WritableStreamDefaultWriter',
]) {
  if (!(name in g) && name in web) g[name] = (web as Record<string, unknown>)[name];
}
