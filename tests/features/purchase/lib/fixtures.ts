import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import type { PreparedReceipt } from '../../../../src/features/purchase/lib/receipt-image';

/** 21 Nov 2026, 21:45:01 local time. */
export const NOW = new Date(2026, 10, 21, 21, 45, 1).getTime();

/** An order id as newOrderId makes them. */
export const ORDER_ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f';

export const order: Order = {
  id: ORDER_ID,
  number: '#NXR-20261121-214501',
  planId: 'power-30',
  operatorId: 'mpt',
  contact: '09123456789',
  contactKind: 'phone',
  price: 80_000,
  currency: 'MMK',
  createdAt: NOW,
  expiresAt: NOW + 600_000,
};

export const preparedReceipt = (name = 'receipt.png'): PreparedReceipt => ({
  blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
  mimeType: 'image/png',
  width: 739,
  height: 1600,
  fileName: name,
  originalBytes: 4,
});
