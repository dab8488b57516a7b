import { findOperator, findPlan } from '../../../config/catalogue';
import { aiMode } from '../../../lib/ai/client';
import type { OrderRecord } from './outbox';
import type { Order } from './purchase-machine';

type Confirmation = { transactionId: string; transactionTime?: number; verifiedAt: number };

/**
 * What the shop's webhook receives for a confirmed order: enough for staff to match it with the
 * bank statement (transaction id, amount, time) and to deliver it. Never the receipt image.
 */
export function toOrderRecord(
  order: Order,
  confirmation: Confirmation,
  language: string,
): OrderRecord {
  return {
    orderId: order.id,
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
    transactionTime:
      confirmation.transactionTime === undefined
        ? null
        : new Date(confirmation.transactionTime).toISOString(),
    verifiedBy: aiMode(),
    language,
    orderedAt: new Date(order.createdAt).toISOString(),
    verifiedAt: new Date(confirmation.verifiedAt).toISOString(),
  };
}
