import { currency, findOperator, findPlan } from '#domain/catalogue';
import { blobToBase64 } from '../../../lib/base64';
import { sleep, withTimeout } from '../../../lib/ai/signals';
import { noteTestPayments } from '../../../lib/test-payments';
import {
  ApiError,
  apiRequest,
  getOrder,
  orderCall,
  type Availability,
  type CreatedOrder,
  type OrderEnvelope,
  type ReceiptResult,
  type ShopOrder,
} from '../../../lib/api/client';
import type { Language } from '../../../lib/i18n/languages';
import { VERIFICATION_TIMEOUT_MS } from '#domain/payment-window';
import {
  paidOf,
  type CheckoutBackend,
  type CheckoutResult,
  type ReceiptOutcome,
  type StockAvailability,
} from './checkout';
import { readVerification } from './order-storage';
import { withDelivery, type Order, type Verification } from './purchase-machine';
import type { PreparedReceipt } from './receipt-image';
import { serverOrderFields } from './server-order-ref';

const jsonHeaders = { 'Content-Type': 'application/json' };

/**
 * Server mode (VITE_API_URL): the checkout backend of the shop's own API (decision 093), through
 * the one client (lib/api/client.ts, decision 090). The server makes the order (number, expiry,
 * MMQR payload), decides the receipt and records the payment; the browser keeps the order token.
 */
export const serverCheckout = (api: string): CheckoutBackend => ({
  async createOrder(draft, language, key, signal) {
    const answer = await apiRequest<CreatedOrder>(api, '/api/orders', {
      method: 'POST',
      headers: { ...jsonHeaders, 'Idempotency-Key': key },
      body: JSON.stringify({ ...draft, language }),
      signal,
    });
    return toOrder(answer.order, answer.token);
  },
  submitReceipt: (order, receipt, language, signal) =>
    submitServerReceipt(api, order, receipt, language, signal),
  // PATCH /api/orders/{id}: the buyer corrects the contact of the unpaid order (decision 055).
  async changeContact(order, contact, signal) {
    const { path, headers } = orderCall(...serverOf(order));
    const answer = await apiRequest<OrderEnvelope>(api, path, {
      method: 'PATCH',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify({ contact }),
      signal,
    });
    return answer.order.contact;
  },
  async cancel(order, signal) {
    const { path, headers } = orderCall(...serverOf(order), '/cancel');
    await apiRequest<OrderEnvelope>(api, path, { method: 'POST', headers, signal });
  },
  orderNow: (order, signal) =>
    order.page ? getOrder(api, order.page.id, order.page.token, signal) : null,
  availability: (signal) => fetchAvailability(api, signal),
  // The server records the payment and delivers: nothing is left to this browser.
  onConfirmed: () => undefined,
  recordsOrders: true,
  resultOf: serverResult,
});

/**
 * The server knows every order (a reused receipt paid another one, anywhere) and hands over the
 * eSIM: once the order has a delivery to show, the result shows it first.
 */
function serverResult(order: Order, verification: Verification): CheckoutResult {
  if (verification.status === 'failed') {
    return { kind: 'refused', reason: verification.reason, reusedOn: 'shop' };
  }
  const paid = paidOf(verification);
  if (!order.delivery) return { kind: 'nextSteps', ...paid };
  return { kind: 'esim', ...paid, delivery: order.delivery, page: order.page ?? null };
}

/**
 * The flow's Order for the server's order; throws when the answer is not one. The server drops
 * the contact once the eSIM is delivered (decision 087); the buyer's device keeps the one it
 * sent (`known`), so a reload still restores the result.
 */
function toOrder(shop: ShopOrder, token: string, known?: Order): Order {
  const plan = findPlan(shop.planId);
  const operator = findOperator(shop.operatorId);
  // The answer's shape is the contract's (ShopOrder); a plan or operator this shop does not sell
  // is the one thing it cannot show.
  if (!plan || !operator) {
    throw new ApiError(200, 'invalid_answer', 'The server answered with an unexpected order');
  }
  return {
    id: shop.id,
    number: shop.number,
    planId: plan.id,
    operatorId: operator.id,
    contact: shop.contact || (known?.contact ?? ''),
    contactKind: shop.contact ? shop.contactKind : (known?.contactKind ?? shop.contactKind),
    price: shop.price,
    currency,
    createdAt: shop.createdAt,
    expiresAt: shop.expiresAt,
    ...serverOrderFields({
      id: shop.id,
      token,
      mmqrPayload: shop.mmqrPayload,
      ...(shop.paymentMethods?.some((method) => method.providerConfirmed)
        ? { providers: true }
        : {}),
    }),
    ...withDelivery(shop),
  };
}

/** GET /api/availability: per plan and operator, whether an eSIM is ready now (issue #24). */
async function fetchAvailability(api: string, signal: AbortSignal): Promise<StockAvailability> {
  const answer = await apiRequest<Availability>(api, '/api/availability', { signal });
  const ready = new Set<string>();
  const known = new Set<string>();
  for (const { planId, operatorId, ready: isReady } of answer.items) {
    known.add(`${operatorId}/${planId}`);
    if (isReady) ready.add(`${operatorId}/${planId}`);
  }
  // The demo banner names the test payment pages when the server runs against them.
  noteTestPayments(answer.testPayments);
  // Promise email only where the server says it sends it (issue #44).
  return {
    ready,
    known,
    promiseMinutes: answer.promiseMinutes,
    emailDelivery: answer.emailDelivery,
  };
}

/** The server order's id and token; throws when the order is not a server order. */
function serverOf(order: Order): [string, string] {
  const server = order.page;
  if (!server) throw new ApiError(0, 'not_configured', 'The order is not a server order');
  return [server.id, server.token];
}

/**
 * POST /api/orders/{id}/receipt with the same prepared image the static shop sends to the AI.
 * Always resolves (every fault is the "could not verify" failure, as in the static shop), except
 * when the caller aborts. A 409 order_expired is the expiry panel; a check already running for
 * the order (409 receipt_in_progress) is waited for within the time limit, with the same fresh
 * Idempotency-Key.
 */
async function submitServerReceipt(
  api: string,
  order: Order,
  receipt: PreparedReceipt,
  language: Language,
  aborted: AbortSignal,
): Promise<ReceiptOutcome> {
  const server = order.page;
  const signal = withTimeout(aborted, VERIFICATION_TIMEOUT_MS);
  const idempotencyKey = crypto.randomUUID();
  const couldNotVerify: ReceiptOutcome = {
    kind: 'decided',
    order,
    verification: { status: 'failed', reason: { code: 'verificationFailed' } },
  };
  if (!server) return couldNotVerify;
  try {
    const base64 = await blobToBase64(receipt.blob);
    const body = JSON.stringify({ image: { mimeType: receipt.mimeType, base64 }, language });
    for (;;) {
      try {
        const { path, headers } = orderCall(server.id, server.token, '/receipt');
        const answer = await apiRequest<ReceiptResult>(api, path, {
          method: 'POST',
          headers: { ...headers, ...jsonHeaders, 'Idempotency-Key': idempotencyKey },
          body,
          signal,
        });
        const verification = readVerification(answer.verification);
        if (!verification) return couldNotVerify;
        return {
          kind: 'decided',
          order: toOrder(answer.order, server.token, order),
          verification,
        };
      } catch (error) {
        // Too many checks for this order or from this address (issue #23): say how long to wait.
        if (error instanceof ApiError && error.status === 429) {
          return {
            kind: 'decided',
            order,
            verification: {
              status: 'failed',
              reason: { code: 'tooManyAttempts', retryAfterSeconds: error.retryAfterSeconds ?? 60 },
            },
          };
        }
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        if (error.code === 'order_expired') return { kind: 'expired' };
        if (error.code !== 'receipt_in_progress') throw error;
        await sleep(Math.min(error.retryAfterSeconds ?? 2, 5) * 1000, signal);
      }
    }
  } catch (error) {
    if (aborted.aborted) throw error;
    // Offline, timeout, 5xx (database or AI unavailable), an unexpected answer.
    return couldNotVerify;
  }
}
