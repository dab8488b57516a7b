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
  /** Where its profile came from: stock, or the operator's SM-DP+ (ES2+). */
  profileSource?: 'stock' | 'es2plus' | null;
  installState?: InstallState | null;
  installStateAt?: number | null;
  /** The last error of its profile order at the SM-DP+ (retrying, or given up). */
  provisioningError?: string | null;
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
