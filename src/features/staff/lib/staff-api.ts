import {
  apiRequest,
  ApiError,
  type ApiBase,
  type OrderEvents,
  type Reconciliation as ReconciliationReport,
  type StaffOrder,
  type StaffRequest,
  type StatementImport,
  type StockImport,
  type SetupWarnings,
  type StockReport,
} from '../../../lib/api/client';

/** The contract's staff types (server/src/staff/schemas.ts): an order never carries its code. */
export type { StaffOrder, StockReport };
/** What the bank says of a paid order (issue #23, decision 071). */
export type BankState = StaffOrder['bankState'];
export type Reconciliation = ReconciliationReport;
export type StatementResult = StatementImport;
export type StockLine = StockReport['stock'][number];
/** Where an operator's profiles come from (PROVISIONING_<OP>). */
export type OperatorSource = StockReport['sources'][number];
/** What is not set up yet (GET /api/staff/setup): the placeholder merchant ids, the contact key. */
export type SetupWarning = SetupWarnings['warnings'][number];
export type ImportResult = StockImport;
/** One change of an order's history (decision 115): what, from and to, who, when, evidence. */
export type OrderEvent = OrderEvents['events'][number];

/** A staff call at the API's base URL, the staff key as a bearer token. */
const staffRequest = <T>(api: ApiBase, key: string, path: string, init: RequestInit = {}) =>
  apiRequest<T>(api, `/api/staff${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, ...init.headers },
  });

/** POST /api/staff/orders/{id}/{action} (a JSON body, if any): the order as it now is. */
async function orderAction(api: ApiBase, key: string, id: string, action: string, body?: string) {
  const path = `/orders/${encodeURIComponent(id)}/${action}`;
  const headers = body ? { 'Content-Type': 'application/json' } : undefined;
  const init = { method: 'POST', headers, body };
  return (await staffRequest<{ order: StaffOrder }>(api, key, path, init)).order;
}

/** The key was refused (401 without a valid one, 403 with a partner's). */
export const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export async function fetchStaffOrders(api: ApiBase, key: string, signal?: AbortSignal) {
  const path = '/orders?limit=50';
  return (await staffRequest<{ orders: StaffOrder[] }>(api, key, path, { signal })).orders;
}

export const fetchStock = (api: ApiBase, key: string, signal?: AbortSignal) =>
  staffRequest<StockReport>(api, key, '/stock', { signal });

export async function fetchSetupWarnings(
  api: ApiBase,
  key: string,
  signal?: AbortSignal,
): Promise<SetupWarning[]> {
  return (await staffRequest<SetupWarnings>(api, key, '/setup', { signal })).warnings;
}

export async function resendEmail(api: ApiBase, key: string, orderId: string): Promise<void> {
  await staffRequest(api, key, `/orders/${encodeURIComponent(orderId)}/resend`, {
    method: 'POST',
  });
}

/** GET /api/staff/orders/{id}/events: the order's history, oldest first. */
export async function fetchOrderEvents(
  api: ApiBase,
  key: string,
  orderId: string,
  signal?: AbortSignal,
): Promise<OrderEvent[]> {
  const path = `/orders/${encodeURIComponent(orderId)}/events`;
  return (await staffRequest<OrderEvents>(api, key, path, { signal })).events;
}

export const withdrawProfile = (api: ApiBase, key: string, orderId: string) =>
  orderAction(api, key, orderId, 'withdraw');

export const importStock = (api: ApiBase, key: string, csv: string) =>
  staffRequest<ImportResult>(api, key, '/stock', {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv' },
    body: csv,
  });

export const fetchReconciliation = (api: ApiBase, key: string, signal?: AbortSignal) =>
  staffRequest<Reconciliation>(api, key, '/reconciliation', { signal });

/** The merchant account's statement: CSV as is, or with another bank's column mapping. */
export const importStatement = (api: ApiBase, key: string, csv: string, mapping?: unknown) =>
  staffRequest<StatementResult>(api, key, '/reconciliation/statement', {
    method: 'POST',
    headers: { 'Content-Type': mapping === undefined ? 'text/csv' : 'application/json' },
    body: mapping === undefined ? csv : JSON.stringify({ csv, mapping }),
  });

export const confirmPayment = (api: ApiBase, key: string, orderId: string) =>
  orderAction(api, key, orderId, 'confirm-payment');

export const rejectPayment = (api: ApiBase, key: string, orderId: string, reason: string) =>
  orderAction(api, key, orderId, 'reject-payment', JSON.stringify({ reason }));

/** A buyer's refund or replacement request as staff see it (issue #41). */
export type { StaffRequest };

/** GET /api/staff/requests: open first. */
export async function fetchStaffRequests(api: ApiBase, key: string, signal?: AbortSignal) {
  return (await staffRequest<{ requests: StaffRequest[] }>(api, key, '/requests', { signal }))
    .requests;
}

/** POST /api/staff/requests/{id}/{approve|refuse|check}. */
export function decideStaffRequest(
  api: ApiBase,
  key: string,
  id: string,
  action: 'approve' | 'refuse' | 'check',
  body?: Record<string, string>,
) {
  return staffRequest<unknown>(api, key, `/requests/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    ...(body
      ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
}
