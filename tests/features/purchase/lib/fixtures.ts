import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import type { PreparedReceipt } from '../../../../src/features/purchase/lib/receipt-image';

/** 21 Nov 2026, 21:45:01 local time. */
export const NOW = new Date(2026, 10, 21, 21, 45, 1).getTime();

export const order: Order = {
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
