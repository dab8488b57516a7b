import { readDelivery, type OrderDelivery } from '../../../lib/delivery';
import { shopServerRequest, ShopServerError } from '../../../lib/shop-server';

/** What the order page shows of the server's order (ShopOrder). */
export type BuyerOrder = {
  id: string;
  number: string;
  planId: string;
  operatorId: string;
  status: string;
  /** Where the eSIM was to be sent: a Viber number gets the order link, not an email. */
  contactKind: 'email' | 'phone' | null;
  delivery: OrderDelivery | null;
};

/** GET /api/orders/{id} with the order's token. Throws ShopServerError or a network error. */
export async function fetchBuyerOrder(
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<BuyerOrder> {
  const answer = await shopServerRequest<{ order?: Record<string, unknown> }>(
    `/api/orders/${encodeURIComponent(id)}`,
    { headers: { 'X-Order-Token': token }, signal },
  );
  const order = answer?.order;
  if (
    !order ||
    typeof order.id !== 'string' ||
    typeof order.number !== 'string' ||
    typeof order.planId !== 'string' ||
    typeof order.operatorId !== 'string' ||
    typeof order.status !== 'string'
  ) {
    throw new ShopServerError(
      200,
      'invalid_answer',
      'The server answered with an unexpected order',
    );
  }
  return {
    id: order.id,
    number: order.number,
    planId: order.planId,
    operatorId: order.operatorId,
    status: order.status,
    contactKind:
      order.contactKind === 'email' || order.contactKind === 'phone' ? order.contactKind : null,
    delivery: readDelivery(order.delivery),
  };
}

/** How a failed load reads to the buyer: the link is wrong, or the server is out of reach. */
export const failureKind = (error: unknown): 'notFound' | 'unreachable' =>
  error instanceof ShopServerError && [400, 401, 403, 404].includes(error.status)
    ? 'notFound'
    : 'unreachable';
