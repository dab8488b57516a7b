import { currency, findOperator, findPlan, type OperatorId, type PlanId } from '#domain/catalogue';
import { blobToBase64 } from '../../../lib/base64';
import { readDelivery, type OrderDelivery } from '../../../lib/delivery';
import { sleep, withTimeout } from '../../../lib/ai/signals';
import {
  ApiError,
  apiRequest,
  getOrder,
  orderCall as orderPath,
  type Availability,
  type CreatedOrder,
  type OrderEnvelope,
  type ReceiptResult,
  type ShopOrder,
} from '../../../lib/api/client';
import type { Language } from '../../../lib/i18n/languages';
import { VERIFICATION_TIMEOUT_MS } from '#domain/payment-window';
import { readVerification } from './order-storage';
import type { Order, Verification } from './purchase-machine';
import type { PreparedReceipt } from './receipt-image';

/**
 * Server mode (VITE_API_URL): the purchase flow's calls to the shop's own API through the one
 * client (lib/api/client.ts, decision 090). The server makes the order (number, expiry, MMQR
 * payload), decides the receipt and records the payment; the browser keeps the order token.
 */

/** The order's eSIM delivery, once there is one to show (paid: waiting, assigned, withdrawn). */
export function withDelivery(shop: ShopOrder): { delivery?: OrderDelivery } {
  const delivery = readDelivery(shop.delivery);
  return delivery && delivery.state !== 'none' ? { delivery } : {};
}

/**
 * The flow's Order for the server's order; throws when the answer is not one. The server drops
 * the contact once the eSIM is delivered (decision 087); the buyer's device keeps the one it
 * sent (`known`), so a reload still restores the result.
 */
export function toOrder(shop: ShopOrder, token: string, known?: Order): Order {
  const plan = findPlan(shop.planId);
  const operator = findOperator(shop.operatorId);
  if (
    !plan ||
    !operator ||
    typeof shop.id !== 'string' ||
    typeof shop.number !== 'string' ||
    typeof shop.mmqrPayload !== 'string' ||
    typeof shop.createdAt !== 'number' ||
    typeof shop.expiresAt !== 'number' ||
    (shop.contactKind !== 'email' && shop.contactKind !== 'phone')
  ) {
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
    server: { id: shop.id, token, mmqrPayload: shop.mmqrPayload },
    ...withDelivery(shop),
  };
}

const jsonHeaders = { 'Content-Type': 'application/json' };

/** GET /api/availability: per plan and operator, whether an eSIM is ready now (issue #24). */
export type StockAvailability = {
  /** `operatorId/planId` of each pair with an eSIM in stock. */
  ready: ReadonlySet<string>;
  /** `operatorId/planId` of each pair the server answered for. */
  known: ReadonlySet<string>;
  /** Not ready: staff send the eSIM this many minutes after payment. */
  promiseMinutes: number;
};

export async function fetchAvailability(signal?: AbortSignal): Promise<StockAvailability> {
  const answer = await apiRequest<Partial<Availability> | null>('/api/availability', { signal });
  const ready = new Set<string>();
  const known = new Set<string>();
  for (const item of Array.isArray(answer?.items) ? answer.items : []) {
    const { planId, operatorId, ready: isReady } = (item ?? {}) as Record<string, unknown>;
    if (typeof planId !== 'string' || typeof operatorId !== 'string') continue;
    if (typeof isReady !== 'boolean') continue;
    known.add(`${operatorId}/${planId}`);
    if (isReady) ready.add(`${operatorId}/${planId}`);
  }
  const minutes = answer?.promiseMinutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1) {
    throw new ApiError(200, 'invalid_answer', 'The server answered without a stock promise');
  }
  return { ready, known, promiseMinutes: minutes };
}

/** What the operator step says of one operator for a plan: ready now, not ready, or unknown. */
export function operatorStock(
  availability: StockAvailability | null,
  operatorId: string,
  planId: string,
): 'ready' | 'notReady' | null {
  const key = `${operatorId}/${planId}`;
  if (!availability?.known.has(key)) return null;
  return availability.ready.has(key) ? 'ready' : 'notReady';
}

/** POST /api/orders: the server makes the order. Throws ApiError or a network error. */
export async function createServerOrder(
  draft: { planId: PlanId; operatorId: OperatorId; contact: string },
  language: Language,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<Order> {
  const answer = await apiRequest<CreatedOrder>('/api/orders', {
    method: 'POST',
    headers: { ...jsonHeaders, 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ ...draft, language }),
    signal,
  });
  return toOrder(answer.order, answer.token);
}

/** GET /api/orders/{id}: the server's view of a stored order. */
export const fetchServerOrder = (order: Order, signal?: AbortSignal): Promise<ShopOrder> =>
  getOrder(...serverOf(order), signal);

/** The server order's id and token; throws when the order is not a server order. */
function serverOf(order: Order): [string, string] {
  const server = order.server;
  if (!server) throw new ApiError(0, 'not_configured', 'The order is not a server order');
  return [server.id, server.token];
}

/** The order's own path and token header; throws when the order is not a server order. */
const orderCall = (order: Order, suffix = '') => orderPath(...serverOf(order), suffix);

/**
 * PATCH /api/orders/{id}: the buyer corrects the contact of the unpaid order (decision 055).
 * Answers the server's order; throws ApiError (409 order_closed once paid) or a network error.
 */
export async function changeServerOrderContact(
  order: Order,
  contact: string,
  signal?: AbortSignal,
): Promise<ShopOrder> {
  const { path, headers } = orderCall(order);
  const answer = await apiRequest<OrderEnvelope>(path, {
    method: 'PATCH',
    headers: { ...headers, ...jsonHeaders },
    body: JSON.stringify({ contact }),
    signal,
  });
  return answer.order;
}

/** POST /api/orders/{id}/cancel: the buyer cancels the unpaid order (decision 055). */
export async function cancelServerOrder(order: Order, signal?: AbortSignal): Promise<ShopOrder> {
  const { path, headers } = orderCall(order, '/cancel');
  const answer = await apiRequest<OrderEnvelope>(path, { method: 'POST', headers, signal });
  return answer.order;
}

/** What the server said of a receipt: a verification (with the order as it now is), or expiry. */
export type ServerReceiptOutcome =
  { kind: 'decided'; order: Order; verification: Verification } | { kind: 'expired' };

export type SubmitReceiptInput = {
  order: Order;
  receipt: PreparedReceipt;
  language: Language;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A fresh key per submission; a check that is still running is asked again with the same key. */
  idempotencyKey: string;
};

/**
 * POST /api/orders/{id}/receipt with the same prepared image the static shop sends to the AI.
 * Always resolves (every fault is the "could not verify" failure, as in the static shop), except
 * when the caller aborts. A 409 order_expired is the expiry panel; a check already running for
 * the order (409 receipt_in_progress) is waited for within the time limit.
 */
export async function submitServerReceipt(
  input: SubmitReceiptInput,
): Promise<ServerReceiptOutcome> {
  const { order } = input;
  const server = order.server;
  const signal = withTimeout(input.signal, input.timeoutMs ?? VERIFICATION_TIMEOUT_MS);
  const couldNotVerify: ServerReceiptOutcome = {
    kind: 'decided',
    order,
    verification: { status: 'failed', reason: { code: 'verificationFailed' } },
  };
  if (!server) return couldNotVerify;
  try {
    const base64 = await blobToBase64(input.receipt.blob);
    const body = JSON.stringify({
      image: { mimeType: input.receipt.mimeType, base64 },
      language: input.language,
    });
    for (;;) {
      try {
        const { path, headers } = orderPath(server.id, server.token, '/receipt');
        const answer = await apiRequest<ReceiptResult>(path, {
          method: 'POST',
          headers: { ...headers, ...jsonHeaders, 'Idempotency-Key': input.idempotencyKey },
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
    if (input.signal?.aborted) throw error;
    // Offline, timeout, 5xx (database or AI unavailable), an unexpected answer.
    return couldNotVerify;
  }
}
