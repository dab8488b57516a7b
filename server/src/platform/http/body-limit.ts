import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors';
import { requestHeader } from './request-header';

const describe = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * hono/body-limit answering 413 payload_too_large in the one error shape. A request that says
 * its length (Content-Length, no Transfer-Encoding) is judged by that header alone, as
 * hono/body-limit judges it, but without reading `c.req.raw.body` first: on Node that made a
 * stream of every body the route then read (decision 100). A body that does not say its
 * length is counted as it arrives.
 */
export const limitBody = (maxSize: number): MiddlewareHandler => {
  const tooLarge = () => {
    throw new ApiError(
      413,
      'payload_too_large',
      `The request body is larger than ${describe(maxSize)}.`,
    );
  };
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async function limitBodyMiddleware(c, next) {
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      if (parseInt(length, 10) > maxSize) tooLarge();
      await next();
      return;
    }
    return counted(c, next);
  };
};

/** Order and purchase bodies are a few fields. */
export const SMALL_BODY_BYTES = 16 * 1024;
/** A receipt screenshot as base64 in JSON (the shop sends ~300 KB). */
export const RECEIPT_BODY_BYTES = 4 * 1024 * 1024;
