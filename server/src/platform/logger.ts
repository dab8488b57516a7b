import pino from 'pino';

/**
 * Structured logs (pino, JSON lines). Never a contact, a receipt, an order token or a key: the
 * paths below are removed wherever they appear, and handlers log ids and codes, not bodies.
 */
export type Logger = Pick<pino.Logger, 'info' | 'warn' | 'error' | 'debug'>;

export const REDACTED_PATHS = [
  'contact',
  '*.contact',
  'contactInfo',
  '*.contactInfo',
  'token',
  '*.token',
  'apiKey',
  '*.apiKey',
  'image',
  '*.image',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["x-order-token"]',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, remove: true }, base: undefined },
    destination,
  );
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = createLogger('silent');
