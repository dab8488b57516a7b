import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * One error shape for every answer that is not a success: `{ error: { code, message } }`, with
 * the status that fits (Stripe's convention). `code` is stable and machine-readable; `message`
 * is a sentence for a developer or a buyer, never a stack, a contact, a receipt or a key.
 */
export type ErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'idempotency_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'budget_spent'
  | 'proof_required'
  | 'order_expired'
  | 'order_closed'
  | 'receipt_in_progress'
  | 'transaction_reused'
  | 'illegal_transition'
  | 'state_changed'
  | 'notifications_disabled'
  | 'plan_unavailable'
  | 'invalid_csv'
  | 'ai_unavailable'
  | 'database_unavailable'
  | 'email_unavailable'
  | 'unavailable'
  | 'provider_unavailable'
  | 'not_paid'
  | 'request_open'
  | 'refund_in_progress'
  | 'method_unavailable'
  | 'internal';

/** One problem of a refused input, e.g. a CSV line. */
export type ErrorDetail = { line: number; problem: string };

export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
};

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errorBody = (
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

export function errorResponse(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(errorBody(error.code, error.message, error.details), error.status);
}

/** Whether an error came from the database being unreachable (connection refused, closed pool). */
export function isDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|57P01|57P02|57P03|08\d{3})$/.test(code)
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|pool (is|was) (ended|closed)|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a database error (pg or PGlite), found along its causes (Drizzle wraps it). */
export function sqlStateOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps anything thrown in a handler to the error shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400 && /JSON/i.test(error.message)) {
      return new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
    }
    if (error.status === 413) {
      return new ApiError(413, 'payload_too_large', 'The request body is too large.');
    }
    if (error.status === 415) {
      return new ApiError(
        415,
        'unsupported_media_type',
        'Send the request body as Content-Type: application/json.',
      );
    }
    return new ApiError(
      error.status as ContentfulStatusCode,
      error.status === 401 ? 'unauthorized' : 'validation_failed',
      error.message || 'The request could not be handled.',
    );
  }
  if (sqlStateOf(error)?.startsWith('22')) {
    // SQLSTATE class 22 (data exception): a value the database cannot take, e.g. a NUL
    // character in a text or a number out of range. The request's fault, not the server's.
    return new ApiError(
      400,
      'validation_failed',
      'The request holds a value that cannot be stored (e.g. a NUL character).',
    );
  }
  if (isDatabaseDown(error)) {
    return new ApiError(
      503,
      'database_unavailable',
      'The order database is not reachable right now. Nothing was lost; please try again in a minute.',
      { 'Retry-After': '30' },
    );
  }
  return new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.');
}
