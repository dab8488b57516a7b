import type { Language } from '../../../lib/i18n/languages';
import { apiRequest, ApiError, type ApiBase } from '../../../lib/api/client';

/** How a Find my eSIMs request ended, as the form tells it. */
export type LookupOutcome = 'sent' | 'invalid' | 'tooMany' | 'noEmail' | 'unreachable';

/**
 * POST /api/orders/lookup (issue #24): the server emails the links of the address's paid
 * orders. It answers the same whether or not it knows the address, and so does the form.
 */
export async function requestOrderLinks(
  api: ApiBase,
  email: string,
  language: Language,
  signal?: AbortSignal,
): Promise<LookupOutcome> {
  try {
    await apiRequest(api, '/api/orders/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: email.trim(), language }),
      signal,
    });
    return 'sent';
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(error instanceof ApiError)) return 'unreachable';
    if (error.status === 400) return 'invalid';
    if (error.status === 429) return 'tooMany';
    if (error.code === 'email_unavailable') return 'noEmail';
    return 'unreachable';
  }
}
