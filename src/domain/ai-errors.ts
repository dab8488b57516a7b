/**
 * The one error type that leaves src/lib/ai (which re-exports it) and the server's AI calls.
 * Callers map `kind` to a catalogue message. Pure: shared by the shop and the server (issue #39).
 */
export type AiErrorKind =
  | 'aborted' // the caller cancelled
  | 'timeout' // the call took longer than its limit
  | 'network' // no answer from the service
  | 'quota' // 429 after retries
  | 'budget' // the shop's server: today's budget of this feature is spent (429 budget_spent)
  | 'unavailable' // 5xx after retries
  | 'rejected' // 4xx: bad key, bad request, blocked prompt
  | 'empty' // the model answered with no text or data
  | 'unreadable' // the answer was not JSON
  | 'invalid'; // JSON of the wrong shape

export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly status: number | undefined;

  constructor(kind: AiErrorKind, message: string, options?: { cause?: unknown; status?: number }) {
    super(message, { cause: options?.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.status = options?.status;
  }
}

export const isAiError = (error: unknown): error is AiError => error instanceof AiError;

/** DOMException-like check by name (jsdom and Node each have their own DOMException class). */
const named = (value: unknown, name: string) =>
  typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  const match = error instanceof Error ? /got status: (\d{3})/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** Turns anything thrown by the SDK, fetch or our own code into an AiError. */
export function toAiError(error: unknown, signal?: AbortSignal): AiError {
  if (error instanceof AiError) return error;
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = named(reason, 'TimeoutError');
    return timedOut
      ? new AiError('timeout', 'The AI service took too long to answer', { cause: error })
      : new AiError('aborted', 'The request was cancelled', { cause: error });
  }
  if (named(error, 'TimeoutError')) {
    return new AiError('timeout', 'The AI service took too long to answer', { cause: error });
  }
  if (named(error, 'AbortError')) {
    return new AiError('aborted', 'The request was cancelled', { cause: error });
  }
  const status = statusOf(error);
  if (status === 429 && (error as { code?: unknown }).code === 'budget_spent') {
    return new AiError('budget', "Today's budget of this AI feature is spent", {
      cause: error,
      status,
    });
  }
  if (status === 429)
    return new AiError('quota', 'The AI service quota is exhausted', { cause: error, status });
  if (status !== undefined && status >= 500) {
    return new AiError('unavailable', `The AI service failed (${status})`, {
      cause: error,
      status,
    });
  }
  if (status !== undefined && status >= 400) {
    return new AiError('rejected', `The AI service refused the request (${status})`, {
      cause: error,
      status,
    });
  }
  if (error instanceof TypeError) {
    return new AiError('network', 'The AI service could not be reached', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AiError('network', message, { cause: error });
}
