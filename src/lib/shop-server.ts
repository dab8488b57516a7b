import { env } from '../config/env';
import { noteServerAiMode } from './server-ai-mode';

/**
 * The shop's own API (server mode, VITE_API_URL) for the pages that exist only with it: the
 * buyer's order page and the staff page. The purchase flow keeps its own client
 * (features/purchase/lib/shop-api.ts); both speak the one error shape
 * `{ error: { code, message, details? } }`.
 */
let baseUrl: string | undefined = env.apiUrl;

/** The API's base URL, or undefined in the static shop. */
export const shopServerUrl = (): string | undefined => baseUrl;

/** Points these pages at an API (tests); undefined is the static shop. */
export function configureShopServer(url: string | undefined) {
  baseUrl = url?.replace(/\/+$/, '');
}

export function resetShopServer() {
  baseUrl = env.apiUrl;
}

/** A refused CSV's problems, by line (`error.details`). */
export type LineProblem = { line: number; problem: string };

/** An answer that is not a success; status 0 for no server configured. */
export class ShopServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: LineProblem[] = [],
  ) {
    super(message);
    this.name = 'ShopServerError';
  }
}

function readDetails(value: unknown): LineProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const entry = item as { line?: unknown; problem?: unknown } | null;
    return typeof entry?.line === 'number' && typeof entry.problem === 'string'
      ? [{ line: entry.line, problem: entry.problem }]
      : [];
  });
}

/**
 * One call of the API: the JSON body of a success, or a ShopServerError (a network failure
 * rejects as fetch does, a TypeError). Headers carrying a secret (order token, staff key) are
 * the caller's; nothing here logs them.
 */
export async function shopServerRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const base = baseUrl;
  if (!base) throw new ShopServerError(0, 'not_configured', 'VITE_API_URL is not set');
  const response = await fetch(`${base}${path}`, {
    ...init,
    // The token and key travel in headers; no Referer leaves with them either.
    referrerPolicy: 'no-referrer',
    headers: { Accept: 'application/json', ...init.headers },
  });
  noteServerAiMode(response);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } })
      ?.error;
    throw new ShopServerError(
      response.status,
      typeof error?.code === 'string' ? error.code : 'http_error',
      typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
      readDetails(error?.details),
    );
  }
  return body as T;
}
