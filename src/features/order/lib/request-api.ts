import {
  apiRequest,
  orderCall,
  type ApiBase,
  type BuyerRequestState,
  type RequestBody,
} from '../../../lib/api/client';

export type { BuyerRequestState, RequestBody };

/** GET /api/orders/{id}/request with the order's token. */
export function fetchRequestState(api: ApiBase, id: string, token: string, signal?: AbortSignal) {
  const { path, headers } = orderCall(id, token, '/request');
  return apiRequest<BuyerRequestState>(api, path, { headers, signal });
}

/** POST /api/orders/{id}/request: the request sent; the state as it now is. */
export function sendRequest(api: ApiBase, id: string, token: string, body: RequestBody) {
  const { path, headers } = orderCall(id, token, '/request');
  return apiRequest<BuyerRequestState>(api, path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
