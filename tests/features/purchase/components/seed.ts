import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import type { ServerOrderRef } from '../../../../src/features/purchase/lib/server-order-ref';

/** A stored order: a server order's reference is kept under `server`. */
type StoredOrder = Order & { server?: ServerOrderRef };

/** An order in progress, as a reloaded tab finds it in sessionStorage. */
export function seedPayment(
  change: Partial<StoredOrder> = {},
  extra: Record<string, unknown> = {},
) {
  const now = Date.now();
  const order: StoredOrder = {
    id: '0b6f7a52-4c1e-4d2a-8f3b-5e6d7c8b9a01',
    number: '#NXR-20261121-214501',
    planId: 'power-30',
    operatorId: 'mpt',
    contact: 'buyer@example.com',
    contactKind: 'email',
    price: 80_000,
    currency: 'MMK',
    createdAt: now,
    expiresAt: now + 600_000,
    ...change,
  };
  sessionStorage.setItem(
    PURCHASE_STORAGE_KEY,
    JSON.stringify({ version: 1, state: { step: 'payment', order, interrupted: false, ...extra } }),
  );
  return order;
}

/** A tiny PNG file, as a screenshot chosen in the file picker. */
export const screenshot = (name = 'receipt.png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
