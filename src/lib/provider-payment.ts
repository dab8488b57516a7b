import { apiRequest, getOrder, orderCall, type ApiBase, type ShopOrder } from './api/client';
import { readText, writeText } from './web-storage';

/**
 * Paying through a provider (issue #40): a card on 2C2P's hosted page or KBZPay's QR code for
 * the order, confirmed by the provider itself. The server lists the ways it takes in the order's
 * `paymentMethods`; the page then follows the order by Server-Sent Events (falling back to
 * asking) and shows the eSIM the moment the payment is accepted.
 */

export type PaymentMethod = NonNullable<ShopOrder['paymentMethods']>[number];

export type StartedPayment = {
  method: '2c2p' | 'kbzpay';
  invoiceNo: string;
  currency: 'MMK' | 'USD';
  amount: number;
  redirectUrl?: string;
  qrPayload?: string;
  /** Only on the test fake of KBZPay: its TEST wallet page that pays the QR (decision 130). */
  testWalletUrl?: string;
};

/** POST /api/orders/{id}/payments: a hosted page to open, or a QR code to show. */
export function startPayment(
  base: ApiBase,
  id: string,
  token: string,
  method: '2c2p' | 'kbzpay',
  language: 'en' | 'my',
): Promise<StartedPayment> {
  const { path, headers } = orderCall(id, token, '/payments');
  return apiRequest<StartedPayment>(base, path, {
    method: 'POST',
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ method, language }),
  });
}

/**
 * The order token kept for the order page the provider's page sends the buyer back to: that
 * address carries no token (the provider would see it), so the page finds it here.
 */
const tokenKey = (id: string) => `esim-shop.order-token.${id}`;
export const rememberOrderToken = (id: string, token: string) =>
  writeText('local', tokenKey(id), token);
export const rememberedOrderToken = (id: string) => readText('local', tokenKey(id));

/** How often the page asks when the stream is not there (the old polling). */
export const FALLBACK_POLL_MS = 1_500;

export type StreamedOrder = ShopOrder & {
  providerPayment?: { method: string; state: string } | null;
};

/**
 * Follows an order: GET /api/orders/{id}/stream (EventSource), or, where it cannot be opened or
 * keeps failing, GET /api/orders/{id} every 1.5 s. `onOrder` gets each state; the returned
 * function stops following.
 */
export function followOrder(
  base: ApiBase,
  id: string,
  token: string,
  onOrder: (order: StreamedOrder) => void,
): () => void {
  let stopped = false;
  let timer: number | undefined;
  let source: EventSource | undefined;
  const poll = () => {
    if (stopped) return;
    getOrder(base, id, token)
      .then((order) => !stopped && onOrder(order as StreamedOrder))
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = window.setTimeout(poll, FALLBACK_POLL_MS);
      });
  };
  if (base && typeof EventSource === 'function') {
    const url = `${base}/api/orders/${encodeURIComponent(id)}/stream?token=${encodeURIComponent(token)}`;
    source = new EventSource(url);
    let failures = 0;
    source.addEventListener('order', (event) => {
      failures = 0;
      try {
        onOrder(
          (JSON.parse((event as MessageEvent<string>).data) as { order: StreamedOrder }).order,
        );
      } catch {
        // A damaged event: the next one (or the poll) brings the order again.
      }
    });
    source.addEventListener('end', () => source?.close());
    source.onerror = () => {
      failures += 1;
      // EventSource retries by itself; after a few failures the page asks instead.
      if (failures >= 3 && source) {
        source.close();
        source = undefined;
        poll();
      }
    };
  } else {
    poll();
  }
  return () => {
    stopped = true;
    source?.close();
    window.clearTimeout(timer);
  };
}

/** Minor units as the amount a buyer reads: 1900 USD → 19.00; MMK stays whole. */
export const majorAmount = (method: Pick<PaymentMethod, 'amount' | 'currency'>) =>
  method.currency === 'USD' ? method.amount / 100 : method.amount;
