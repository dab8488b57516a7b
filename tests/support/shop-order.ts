import type { ShopOrder } from '../../src/lib/api/client';

/** The contract's ShopOrder with any delivery, as an answer from outside may carry. */
export type WireShopOrder = Omit<ShopOrder, 'delivery'> & { delivery?: unknown };

export const SHOP_ORDER_ID = '5b0f3f0e-1d1c-4c55-9d0a-0c1f4d2b7a11';

/**
 * The server's order as GET /api/orders/{id} answers it (ShopOrder), awaiting payment and made
 * a moment ago; `change` sets any field. Its MMQR payload is not what the browser would build:
 * a QR shown from it must come from the server.
 */
export const shopOrder = (change: Partial<WireShopOrder> = {}): WireShopOrder => ({
  id: SHOP_ORDER_ID,
  number: '#NXR-20261123-163000',
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'buyer@example.com',
  contactKind: 'email',
  price: 80_000,
  currency: 'MMK',
  createdAt: Date.now() - 1000,
  expiresAt: Date.now() + 600_000,
  mmqrPayload: '00020101021226300012SERVER.MADE0110ORDER-PAYLOAD5303104540580000',
  status: 'awaiting_payment',
  transactionId: null,
  paidAt: null,
  ...change,
});
