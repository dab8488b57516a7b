import type { z } from '@hono/zod-openapi';
import type { AvailabilitySchema } from '../../../server/src/catalogue/schemas';
import type {
  BuyerRequestStateSchema,
  RequestBodySchema,
  StaffRequestSchema,
  CreatedOrderSchema,
  OrderEnvelopeSchema,
  ReceiptResultSchema,
  ShopOrderSchema,
} from '../../../server/src/orders/schemas';
import type {
  OrderEventsSchema,
  ReconciliationReportSchema,
  SetupWarningsSchema,
  StaffOrderSchema,
  StatementImportSchema,
  StockImportSchema,
  StockReportSchema,
} from '../../../server/src/staff/schemas';
import { noteServerAiMode } from '../server-ai-mode';

/**
 * The one client of the shop's own API (server mode, VITE_API_URL; decision 090): every call of
 * the purchase flow, the order page, Find my eSIMs and the staff pages goes through apiRequest.
 * The answers' types are the server's route schemas (server/src/schemas), inferred with z.infer
 * from type-only imports: nothing of the server reaches the bundle.
 */
export type ShopOrder = z.infer<typeof ShopOrderSchema>;
export type CreatedOrder = z.infer<typeof CreatedOrderSchema>;
export type OrderEnvelope = z.infer<typeof OrderEnvelopeSchema>;
export type ReceiptResult = z.infer<typeof ReceiptResultSchema>;
export type Availability = z.infer<typeof AvailabilitySchema>;
export type StaffOrder = z.infer<typeof StaffOrderSchema>;
export type StockReport = z.infer<typeof StockReportSchema>;
export type StockImport = z.infer<typeof StockImportSchema>;
export type SetupWarnings = z.infer<typeof SetupWarningsSchema>;
export type Reconciliation = z.infer<typeof ReconciliationReportSchema>;
export type StatementImport = z.infer<typeof StatementImportSchema>;
export type OrderEvents = z.infer<typeof OrderEventsSchema>;
/** Refund and replacement requests (issue #41). */
export type BuyerRequestState = z.infer<typeof BuyerRequestStateSchema>;
export type RequestBody = z.infer<typeof RequestBodySchema>;
export type StaffRequest = z.infer<typeof StaffRequestSchema>;

/** The API's base URL (no trailing slash), or undefined in the static shop: the services' apiUrl. */
export type ApiBase = string | undefined;

/** A refused CSV's problems, by line (`error.details`). */
export type LineProblem = { line: number; problem: string };

/**
 * An answer that is not a success, read from the one error shape `{ error: { code, message,
 * details? } }`: the HTTP status (0 for no server configured), its code, the CSV problems and a
 * 429's or 409's Retry-After in seconds.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: LineProblem[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
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
 * One call of the API at `base` (the caller's, from the services): the JSON body of a success, or
 * an ApiError (a network failure rejects as fetch does, a TypeError). Headers carrying a secret (order token, staff key) are the caller's;
 * nothing here logs them, and no Referer leaves with them.
 */
export async function apiRequest<T>(
  base: ApiBase,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  if (!base) throw new ApiError(0, 'not_configured', 'VITE_API_URL is not set');
  const response = await fetch(`${base}${path}`, {
    ...init,
    referrerPolicy: 'no-referrer',
    headers: { Accept: 'application/json', ...init.headers },
  });
  noteServerAiMode(response);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } })
      ?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : 'http_error',
      typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
      readDetails(error?.details),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return body as T;
}

/** The order's own path and token header (GET, PATCH, /cancel, /receipt). */
export const orderCall = (id: string, token: string, suffix = '') => ({
  path: `/api/orders/${encodeURIComponent(id)}${suffix}`,
  headers: { 'X-Order-Token': token },
});

/** GET /api/orders/{id} with the order's token: the server's view of the order. */
export async function getOrder(base: ApiBase, id: string, token: string, signal?: AbortSignal) {
  const { path, headers } = orderCall(id, token);
  return (await apiRequest<OrderEnvelope>(base, path, { headers, signal })).order;
}
