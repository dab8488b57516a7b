import type { AiTransport } from './client';
import { toAiError } from './errors';
import { withTimeout } from './signals';
import type { Sleep } from './video-operation';

/**
 * The Gemini REST API spoken directly, for the calls that need no more than one request and its
 * answer (one-shot generateContent, Veo's operations): the SDK (about 74 KB gzip) is loaded only
 * for what needs it, the chat's stream (decision 064).
 */

export async function httpError(
  response: Response,
): Promise<Error & { status: number; code?: string }> {
  let message = `HTTP ${response.status}`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: { message?: string; code?: unknown } };
    if (body.error?.message) message = body.error.message;
    if (typeof body.error?.code === 'string') code = body.error.code;
  } catch {
    // The body is not JSON; the status says enough.
  }
  return Object.assign(new Error(`${message} (got status: ${response.status})`), {
    status: response.status,
    ...(code ? { code } : {}),
  });
}

/** The shop's server says today's budget of this feature is spent: no retry helps today. */
async function budgetSpent(response: Response): Promise<boolean> {
  if (response.status !== 429) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown } } | null;
  return body?.error?.code === 'budget_spent';
}

export type RestOptions = {
  transport: AiTransport;
  sleep: Sleep;
  signal?: AbortSignal | undefined;
};

/**
 * One REST call with a timeout per attempt, retries on 429 and 503 (doubling delays from the
 * client's retry settings), and every failure mapped to AiError. `read` consumes the body.
 */
export async function callRest<T>(
  options: RestOptions,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { attempts, initialDelaySeconds } = options.transport.settings.retry;
  for (let attempt = 1; ; attempt += 1) {
    const signal = withTimeout(options.signal, timeoutMs);
    try {
      const response = await options.transport.fetch(url, { ...init, signal });
      const retryable =
        (response.status === 429 || response.status === 503) && !(await budgetSpent(response));
      if (retryable && attempt < Math.max(1, attempts)) {
        // Drop the error body without waiting on it (some streams never settle a cancel).
        void response.body?.cancel().catch(() => undefined);
        await options.sleep(initialDelaySeconds * 1000 * 2 ** (attempt - 1), options.signal);
        continue;
      }
      if (!response.ok) throw await httpError(response);
      return await read(response);
    } catch (error) {
      throw toAiError(error, signal);
    }
  }
}
