import { readDelivery, type OrderDelivery } from '../../../lib/delivery';
import { ApiError, getOrder, type ApiBase, type ShopOrder } from '../../../lib/api/client';

/** What the order page shows of the server's order; a Viber number gets the link, not an email. */
export type BuyerOrder = Pick<ShopOrder, 'id' | 'number' | 'planId' | 'operatorId' | 'status'> & {
  contactKind: ShopOrder['contactKind'] | null;
  delivery: OrderDelivery | null;
};

/** GET /api/orders/{id} with the order's token. Throws ApiError or a network error. */
export async function fetchBuyerOrder(
  api: ApiBase,
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<BuyerOrder> {
  const order = (await getOrder(api, id, token, signal)) as Partial<ShopOrder> | undefined;
  if (
    !order ||
    typeof order.id !== 'string' ||
    typeof order.number !== 'string' ||
    typeof order.planId !== 'string' ||
    typeof order.operatorId !== 'string' ||
    typeof order.status !== 'string'
  ) {
    throw new ApiError(200, 'invalid_answer', 'The server answered with an unexpected order');
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
  error instanceof ApiError && [400, 401, 403, 404].includes(error.status)
    ? 'notFound'
    : 'unreachable';
