import { findOperator, findPlan } from '../../../config/catalogue';
import type { OrderRecord } from './outbox';
import type { Order } from './purchase-machine';

/** What the shop's webhook receives for a confirmed order. Never the receipt image. */
export function toOrderRecord(
  order: Order,
  confirmation: { transactionId: string; verifiedAt: number },
  language: string,
): OrderRecord {
  return {
    orderNumber: order.number,
    planId: order.planId,
    planName: findPlan(order.planId)?.name ?? order.planId,
    operatorId: order.operatorId,
    operatorName: findOperator(order.operatorId)?.name ?? order.operatorId,
    contact: order.contact,
    contactKind: order.contactKind,
    price: order.price,
    currency: order.currency,
    transactionId: confirmation.transactionId,
    language,
    orderedAt: new Date(order.createdAt).toISOString(),
    verifiedAt: new Date(confirmation.verifiedAt).toISOString(),
  };
}
