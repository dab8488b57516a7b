import type { ProviderId } from './provider-config';
import { ApiError } from '../../platform/errors';

/**
 * The payment-provider seam (issue #40 point 1, decision 117). A provider starts a payment for
 * an order's invoice (a hosted page to send the buyer to, or a QR payload to show), verifies its
 * notification from the raw bytes, and answers an inquiry: the provider's own word on an invoice,
 * asked before any order is paid. Refunds (issue #41) go through the provider's refund API when its
 * keys are set (2C2P's Payment Maintenance, KBZPay's refund with its client certificate).
 */

/** What the buyer needs to pay: a page to open, or a QR code to scan. */
export type StartedPayment =
  { kind: 'redirect'; redirectUrl: string } | { kind: 'qr'; qrPayload: string };

export type StartInput = {
  /** The invoice the provider will name back: 12 digits, unique per provider. */
  invoiceNo: string;
  /** In the merchant account's currency, in minor units (US cents; whole kyat). */
  amount: number;
  currency: 'USD' | 'MMK';
  description: string;
  /** Where the buyer's browser comes back to (the order page, in the buyer's language). */
  frontendReturnUrl: string;
  /** Where the provider posts its notification (this server). */
  backendReturnUrl: string;
  language: 'en' | 'my';
};

/** What a provider says of one invoice: in its notification, or in answer to an inquiry. */
export type ProviderReport = {
  invoiceNo: string;
  /** The merchant the provider names (2C2P merchantID, KBZPay merch_code). */
  merchantId: string;
  /** Minor units of `currency`, or null when the provider gave none. */
  amount: number | null;
  currency: string;
  /** paid: the money is taken; declined: it will not be; pending: not yet. */
  status: 'paid' | 'declined' | 'pending';
  /** The provider's own code (respCode, trade_status), for staff. */
  providerStatus: string;
  /** The provider's reference of the money (2C2P tranRef, KBZPay mm_order_id). */
  transactionId: string | null;
};

/** A refund asked of a provider (issue #41): the whole of one paid invoice. */
export type RefundInput = {
  invoiceNo: string;
  /** Minor units of `currency`, as the invoice was paid. */
  amount: number;
  currency: 'USD' | 'MMK';
  /** The shop's idempotency key of this refund: the same on every retry. */
  requestNo: string;
};

/** What a provider says of a refund: done (the money is on its way back), pending, or failed. */
export type RefundReport = {
  status: 'done' | 'pending' | 'failed';
  /** The provider's own code (2C2P status / respCode, KBZPay refund_status / code). */
  providerStatus: string;
  /** The provider's words when it failed, for staff. */
  reason: string | null;
};

export interface PaymentProvider {
  readonly id: ProviderId;
  /** The merchant account's currency (what the buyer pays in). */
  readonly currency: 'USD' | 'MMK';
  /** This server's merchant at the provider: a notification naming another is refused. */
  readonly merchantId: string;
  start(input: StartInput): Promise<StartedPayment>;
  /** Verifies a notification from its raw bytes; throws 401 unauthorized when it does not hold. */
  readNotification(raw: Uint8Array): Promise<ProviderReport>;
  /** The provider's answer for an invoice; throws 503 provider_unavailable when it cannot answer. */
  inquire(invoiceNo: string): Promise<ProviderReport>;
  /** Refunds the paid invoice; absent: this provider's refunds are not set up (manual). */
  refund?(input: RefundInput): Promise<RefundReport>;
  /** The refund's status now (asked until final). */
  refundStatus?(input: RefundInput): Promise<RefundReport>;
  /** The body the provider expects in answer to a notification it may stop sending. */
  readonly acknowledgement: { contentType: string; body: string };
}

export const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);

/** The provider could not be reached or answered nonsense: nothing was paid, try again. */
export const providerUnavailable = (provider: string, detail: string) =>
  new ApiError(
    503,
    'provider_unavailable',
    `The payment provider (${provider}) is not answering right now (${detail}). Nothing was paid; please try again or choose another way to pay.`,
    { 'Retry-After': '5' },
  );

/** A provider's field as text: a string as it is, a number written out, anything else empty. */
export const fieldText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * One field of a notification's JSON body, read from its raw bytes (UTF-8, strict); a body that
 * is not JSON is 401 with `expected`, what the provider sends.
 */
export function notificationField(raw: Uint8Array, field: string, expected: string): unknown {
  try {
    const body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  } catch {
    throw unauthorized(expected);
  }
}

/** A provider's decimal amount ("230.87", 17, "80000.00") in minor units of `currency`. */
export function minorUnits(value: unknown, currency: string): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(number) || number < 0) return null;
  return currency === 'MMK' ? Math.round(number) : Math.round(number * 100);
}

/** Minor units as the provider's decimal amount: 1700 USD → 17, 80000 MMK → 80000. */
export const majorUnits = (amount: number, currency: string) =>
  currency === 'MMK' ? amount : amount / 100;

/** A POST of JSON to a provider with a time limit; any failure is 503 provider_unavailable. */
export async function postJson(
  fetcher: typeof fetch,
  provider: string,
  url: string,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'error';
    throw providerUnavailable(provider, name === 'TimeoutError' ? 'timed out' : 'unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw providerUnavailable(provider, `HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw providerUnavailable(provider, 'not JSON');
  }
}
