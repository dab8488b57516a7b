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
  const order = await getOrder(api, id, token, signal);
  return {
    id: order.id,
    number: order.number,
    planId: order.planId,
    operatorId: order.operatorId,
    status: order.status,
    contactKind: order.contactKind,
    delivery: readDelivery(order.delivery),
  };
}

/** How a failed load reads to the buyer: the link is wrong, or the server is out of reach. */
export const failureKind = (error: unknown): 'notFound' | 'unreachable' =>
  error instanceof ApiError && [400, 401, 403, 404].includes(error.status)
    ? 'notFound'
    : 'unreachable';
