import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors';

const describe = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** hono/body-limit answering 413 payload_too_large in the one error shape. */
export const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(
        413,
        'payload_too_large',
        `The request body is larger than ${describe(maxSize)}.`,
      );
    },
  });

/** Order and purchase bodies are a few fields. */
export const SMALL_BODY_BYTES = 16 * 1024;
/** A receipt screenshot as base64 in JSON (the shop sends ~300 KB). */
export const RECEIPT_BODY_BYTES = 4 * 1024 * 1024;
