import {
  apiRequest,
  ApiError,
  type ApiBase,
  type Reconciliation as ReconciliationReport,
  type StaffOrder,
  type StatementImport,
  type StockImport,
  type StockReport,
} from '../../../lib/api/client';

/** The contract's staff types (server/src/schemas/staff.ts): an order never carries its code. */
export type { StaffOrder, StockReport };
/** What the bank says of a paid order (issue #23, decision 071). */
export type BankState = StaffOrder['bankState'];
export type Reconciliation = ReconciliationReport;
export type StatementResult = StatementImport;
export type StockLine = StockReport['stock'][number];
/** Where an operator's profiles come from (PROVISIONING_<OP>). */
export type OperatorSource = StockReport['sources'][number];
/** What is not set up yet (GET /api/staff/setup): today the placeholder merchant ids. */
export type SetupWarning = { code: string; settings: string[] };
export type ImportResult = StockImport;

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

/** The key was refused (401 without a valid one, 403 with a partner's). */
export const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export async function fetchStaffOrders(
  api: ApiBase,
  key: string,
  signal?: AbortSignal,
): Promise<StaffOrder[]> {
  const answer = await apiRequest<{ orders?: StaffOrder[] }>(api, '/api/staff/orders?limit=50', {
    headers: auth(key),
    signal,
  });
  return Array.isArray(answer?.orders) ? answer.orders : [];
}

export async function fetchStock(
  api: ApiBase,
  key: string,
  signal?: AbortSignal,
): Promise<StockReport> {
  const answer = await apiRequest<Partial<StockReport>>(api, '/api/staff/stock', {
    headers: auth(key),
    signal,
  });
  return {
    stock: Array.isArray(answer?.stock) ? answer.stock : [],
    waitingOrders: typeof answer?.waitingOrders === 'number' ? answer.waitingOrders : 0,
    sources: Array.isArray(answer?.sources) ? answer.sources : [],
  };
}

export async function fetchSetupWarnings(
  api: ApiBase,
  key: string,
  signal?: AbortSignal,
): Promise<SetupWarning[]> {
  const answer = await apiRequest<{ warnings?: unknown }>(api, '/api/staff/setup', {
    headers: auth(key),
    signal,
  });
  const warnings = Array.isArray(answer?.warnings) ? (answer.warnings as unknown[]) : [];
  return warnings.flatMap((warning) => {
    const { code, settings } = (warning ?? {}) as { code?: unknown; settings?: unknown };
    if (typeof code !== 'string' || !Array.isArray(settings)) return [];
    return [{ code, settings: settings.filter((item) => typeof item === 'string') }];
  });
}

export async function resendEmail(api: ApiBase, key: string, orderId: string): Promise<void> {
  await apiRequest(api, `/api/staff/orders/${encodeURIComponent(orderId)}/resend`, {
    method: 'POST',
    headers: auth(key),
  });
}

export async function withdrawProfile(
  api: ApiBase,
  key: string,
  orderId: string,
): Promise<StaffOrder> {
  const answer = await apiRequest<{ order: StaffOrder }>(
    api,
    `/api/staff/orders/${encodeURIComponent(orderId)}/withdraw`,
    { method: 'POST', headers: auth(key) },
  );
  return answer.order;
}

export async function importStock(api: ApiBase, key: string, csv: string): Promise<ImportResult> {
  return apiRequest<ImportResult>(api, '/api/staff/stock', {
    method: 'POST',
    headers: { ...auth(key), 'Content-Type': 'text/csv' },
    body: csv,
  });
}

export async function fetchReconciliation(
  api: ApiBase,
  key: string,
  signal?: AbortSignal,
): Promise<Reconciliation> {
  const answer = await apiRequest<Partial<Reconciliation>>(api, '/api/staff/reconciliation', {
    headers: auth(key),
    signal,
  });
  return {
    counts: {
      confirmed: 0,
      mismatch: 0,
      unconfirmed: 0,
      suspect: 0,
      unmatched: 0,
      ...answer.counts,
    },
    orders: Array.isArray(answer?.orders) ? answer.orders : [],
    unmatched: Array.isArray(answer?.unmatched) ? answer.unmatched : [],
  };
}

/** The merchant account's statement: CSV as is, or with another bank's column mapping. */
export async function importStatement(
  api: ApiBase,
  key: string,
  csv: string,
  mapping?: unknown,
): Promise<StatementResult> {
  return apiRequest<StatementResult>(api, '/api/staff/reconciliation/statement', {
    method: 'POST',
    headers: {
      ...auth(key),
      'Content-Type': mapping === undefined ? 'text/csv' : 'application/json',
    },
    body: mapping === undefined ? csv : JSON.stringify({ csv, mapping }),
  });
}

export async function confirmPayment(
  api: ApiBase,
  key: string,
  orderId: string,
): Promise<StaffOrder> {
  const answer = await apiRequest<{ order: StaffOrder }>(
    api,
    `/api/staff/orders/${encodeURIComponent(orderId)}/confirm-payment`,
    { method: 'POST', headers: auth(key) },
  );
  return answer.order;
}

export async function rejectPayment(
  api: ApiBase,
  key: string,
  orderId: string,
  reason: string,
): Promise<StaffOrder> {
  const answer = await apiRequest<{ order: StaffOrder }>(
    api,
    `/api/staff/orders/${encodeURIComponent(orderId)}/reject-payment`,
    {
      method: 'POST',
      headers: { ...auth(key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason }),
    },
  );
  return answer.order;
}
