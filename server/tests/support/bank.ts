import { signatureHeader } from '../../src/payments/payment-notifications';
import { T0, type TestApp } from './test-app';

/** The notification secret the payment tests sign with. */
export const NOTIFY_SECRET = 'test-notify-secret-0123456789';

let events = 0;

/** A notification body for `orderNumber` (80,000 MMK, the receipt's transaction by default). */
export function notification(orderNumber: string, overrides: Record<string, unknown> = {}) {
  events += 1;
  return {
    eventId: `evt_${events}_${crypto.randomUUID()}`,
    transactionId: '0123 4567 8901',
    orderNumber,
    amount: 80_000,
    currency: 'MMK',
    paidAt: new Date(T0 + 60_000).toISOString(),
    ...overrides,
  };
}

/** POSTs a notification signed at the app's clock (or as told). */
export async function notify(
  t: TestApp,
  body: unknown,
  options: {
    secret?: string;
    /** When it was signed (epoch ms); the app's clock by default. */
    at?: number;
    /** The text that was signed, when not the body sent (a body changed on the way). */
    signed?: string;
    /** The header as sent; null: none. */
    header?: string | null;
  } = {},
) {
  const sent = JSON.stringify(body);
  const at = Math.floor((options.at ?? t.clock.now()) / 1000);
  const signed = await signatureHeader(options.secret ?? NOTIFY_SECRET, at, options.signed ?? sent);
  const header = options.header === undefined ? signed : options.header;
  return t.app.request('/api/payments/notifications', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(header === null ? {} : { 'X-Payment-Signature': header }),
    },
    body: sent,
  });
}

/** POST /api/staff/reconciliation/statement with a CSV body (or JSON with a mapping). */
export function postStatement(t: TestApp, key: string, csv: string, mapping?: unknown) {
  return t.app.request('/api/staff/reconciliation/statement', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': mapping === undefined ? 'text/csv' : 'application/json',
    },
    body: mapping === undefined ? csv : JSON.stringify({ csv, mapping }),
  });
}

export const STATEMENT_HEADER = 'transaction_id,amount,paid_at,payer,reference';
