import { shopServerRequest, ShopServerError } from '../../../lib/shop-server';
import type { DeliveryState, InstallState } from '../../../lib/delivery';

/** An order as staff see it (the contract's StaffOrder): never its activation code. */
export type StaffOrder = {
  id: string;
  number: string;
  planId: string;
  operatorId: string;
  status: 'awaiting_payment' | 'verifying' | 'paid' | 'expired' | 'cancelled';
  deliveryState: DeliveryState;
  contactKind: 'email' | 'phone';
  transactionId: string | null;
  paidAt: number | null;
  createdAt: number;
  iccid: string | null;
  emailAttempts: number;
  emailLastError: string | null;
  emailSentAt: number | null;
  bankState?: BankState;
  paymentRejectedReason?: string | null;
  /** Where its profile came from: stock, or the operator's SM-DP+ (ES2+). */
  profileSource?: 'stock' | 'es2plus' | null;
  installState?: InstallState | null;
  installStateAt?: number | null;
  /** The last error of its profile order at the SM-DP+ (retrying, or given up). */
  provisioningError?: string | null;
};

/** What the bank says of a paid order (issue #23, decision 071). */
export type BankState = 'unconfirmed' | 'confirmed' | 'mismatch' | 'suspect';

export type Reconciliation = {
  counts: Record<BankState | 'unmatched', number>;
  orders: {
    orderId: string;
    orderNumber: string;
    transactionId: string | null;
    bankState: BankState;
    deliveryState: DeliveryState;
    price: number;
    paidAt: number | null;
  }[];
  unmatched: {
    source: 'statement' | 'notification';
    line: number | null;
    transactionId: string;
    amount: number;
    paidAt: number;
    reference: string | null;
  }[];
};

export type StatementResult = {
  imported: number;
  alreadyImported: number;
  confirmed: number;
  mismatch: number;
  unmatched: number;
  suspect: number;
  released: number;
};

export type StockLine = {
  operatorId: string;
  planId: string;
  inStock: number;
  assigned: number;
  delivered: number;
  withdrawn: number;
};

/** Where an operator's profiles come from (PROVISIONING_<OP>). */
export type OperatorSource = {
  operatorId: string;
  source: 'stock' | 'es2plus';
  smdpHost: string | null;
  plans: string[];
};

export type StockReport = { stock: StockLine[]; waitingOrders: number; sources: OperatorSource[] };
/** What is not set up yet (GET /api/staff/setup): today the placeholder merchant ids. */
export type SetupWarning = { code: string; settings: string[] };
export type ImportResult = { imported: number; deliveredWaiting: number };

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

/** The key was refused (401 without a valid one, 403 with a partner's). */
export const isUnauthorized = (error: unknown) =>
  error instanceof ShopServerError && (error.status === 401 || error.status === 403);

export async function fetchStaffOrders(key: string, signal?: AbortSignal): Promise<StaffOrder[]> {
  const answer = await shopServerRequest<{ orders?: StaffOrder[] }>('/api/staff/orders?limit=50', {
    headers: auth(key),
    signal,
  });
  return Array.isArray(answer?.orders) ? answer.orders : [];
}

export async function fetchStock(key: string, signal?: AbortSignal): Promise<StockReport> {
  const answer = await shopServerRequest<Partial<StockReport>>('/api/staff/stock', {
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
  key: string,
  signal?: AbortSignal,
): Promise<SetupWarning[]> {
  const answer = await shopServerRequest<{ warnings?: unknown }>('/api/staff/setup', {
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

export async function resendEmail(key: string, orderId: string): Promise<void> {
  await shopServerRequest(`/api/staff/orders/${encodeURIComponent(orderId)}/resend`, {
    method: 'POST',
    headers: auth(key),
  });
}

export async function withdrawProfile(key: string, orderId: string): Promise<StaffOrder> {
  const answer = await shopServerRequest<{ order: StaffOrder }>(
    `/api/staff/orders/${encodeURIComponent(orderId)}/withdraw`,
    { method: 'POST', headers: auth(key) },
  );
  return answer.order;
}

export async function importStock(key: string, csv: string): Promise<ImportResult> {
  return shopServerRequest<ImportResult>('/api/staff/stock', {
    method: 'POST',
    headers: { ...auth(key), 'Content-Type': 'text/csv' },
    body: csv,
  });
}

export async function fetchReconciliation(
  key: string,
  signal?: AbortSignal,
): Promise<Reconciliation> {
  const answer = await shopServerRequest<Partial<Reconciliation>>('/api/staff/reconciliation', {
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
  key: string,
  csv: string,
  mapping?: unknown,
): Promise<StatementResult> {
  return shopServerRequest<StatementResult>('/api/staff/reconciliation/statement', {
    method: 'POST',
    headers: {
      ...auth(key),
      'Content-Type': mapping === undefined ? 'text/csv' : 'application/json',
    },
    body: mapping === undefined ? csv : JSON.stringify({ csv, mapping }),
  });
}

export async function confirmPayment(key: string, orderId: string): Promise<StaffOrder> {
  const answer = await shopServerRequest<{ order: StaffOrder }>(
    `/api/staff/orders/${encodeURIComponent(orderId)}/confirm-payment`,
    { method: 'POST', headers: auth(key) },
  );
  return answer.order;
}

export async function rejectPayment(
  key: string,
  orderId: string,
  reason: string,
): Promise<StaffOrder> {
  const answer = await shopServerRequest<{ order: StaffOrder }>(
    `/api/staff/orders/${encodeURIComponent(orderId)}/reject-payment`,
    {
      method: 'POST',
      headers: { ...auth(key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason }),
    },
  );
  return answer.order;
}
