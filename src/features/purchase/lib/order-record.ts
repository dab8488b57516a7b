import { currency, findOperator, findPlan } from '#domain/catalogue';
import { isLanguage } from '../../../lib/i18n/languages';
import { checkContact } from '#domain/contact';
import { isOrderId, isOrderNumber } from '#domain/order-number';
import type { Order } from './purchase-machine';
import { isRecord } from '../../../lib/web-storage';

/**
 * What the shop receives. Never the receipt image. Every field is a claim made by the buyer's
 * browser: staff reconcile it with the bank statement, and escape it wherever it is shown.
 */
export type OrderRecord = {
  /** A random UUID, also sent as the Idempotency-Key header: one order, however often sent. */
  orderId: string;
  orderNumber: string;
  planId: string;
  planName: string;
  operatorId: string;
  operatorName: string;
  contact: string;
  contactKind: 'email' | 'phone';
  price: number;
  currency: string;
  transactionId: string;
  /** When the receipt says the payment was made (ISO), or null when it was not read. */
  transactionTime: string | null;
  /** Who read the receipt: the Gemini model, or demo mode (no payment was checked; never sent). */
  verifiedBy: 'gemini' | 'demo';
  /**
   * True when the receipt showed the shop as payee; false when it showed no payee (then staff
   * find the payment on the statement before delivering; issue #23).
   */
  payeeShown: boolean;
  language: string;
  /** ISO times. */
  orderedAt: string;
  verifiedAt: string;
};

type Confirmation = {
  transactionId: string;
  transactionTime: number | null;
  verifiedAt: number;
  payeeShown?: boolean;
};

/**
 * What the shop's webhook receives for a confirmed order: enough for staff to match it with the
 * bank statement (transaction id, amount, time) and to deliver it. Never the receipt image.
 */
export function toOrderRecord(
  order: Order,
  confirmation: Confirmation,
  language: string,
  verifiedBy: OrderRecord['verifiedBy'],
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
      confirmation.transactionTime === null
        ? null
        : new Date(confirmation.transactionTime).toISOString(),
    verifiedBy,
    payeeShown: confirmation.payeeShown === true,
    language,
    orderedAt: new Date(order.createdAt).toISOString(),
    verifiedAt: new Date(confirmation.verifiedAt).toISOString(),
  };
}

/** One line of text, at most `max` characters, with no control, format (bidi) or markup characters. */
const isCleanText = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  value.trim() === value &&
  !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u.test(value);

const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

/**
 * The order as this shop makes it, or null: an order id and number of our shapes, a plan for
 * sale at the catalogue's price, a known operator, a contact that passes checkContact, clean
 * one-line text, ISO times, and a receipt read by Gemini (a demo order is never sent). Names
 * come from the catalogue and unknown fields are left out, so what is POSTed is what the shop
 * made, not whatever was written into localStorage.
 */
export function readOrderRecord(value: unknown): OrderRecord | null {
  if (!isRecord(value)) return null;
  const plan = typeof value.planId === 'string' ? findPlan(value.planId) : undefined;
  const operator =
    typeof value.operatorId === 'string' ? findOperator(value.operatorId) : undefined;
  const contact = typeof value.contact === 'string' ? checkContact(value.contact) : undefined;
  if (
    !isOrderId(value.orderId) ||
    typeof value.orderNumber !== 'string' ||
    !isOrderNumber(value.orderNumber) ||
    !plan?.isAvailable ||
    value.price !== plan.price ||
    value.currency !== currency ||
    !operator ||
    !contact?.valid ||
    contact.value !== value.contact ||
    contact.kind !== value.contactKind ||
    !isCleanText(value.contact, 254) ||
    !isCleanText(value.transactionId, 64) ||
    !(value.transactionTime === null || isIsoTime(value.transactionTime)) ||
    value.verifiedBy !== 'gemini' ||
    !isLanguage(value.language) ||
    !isIsoTime(value.orderedAt) ||
    !isIsoTime(value.verifiedAt)
  ) {
    return null;
  }
  return {
    orderId: value.orderId,
    orderNumber: value.orderNumber,
    planId: plan.id,
    planName: plan.name,
    operatorId: operator.id,
    operatorName: operator.name,
    contact: contact.value,
    contactKind: contact.kind,
    price: plan.price,
    currency,
    transactionId: value.transactionId,
    transactionTime: value.transactionTime,
    verifiedBy: 'gemini',
    // A record kept before the payee check existed reads as not shown.
    payeeShown: value.payeeShown === true,
    language: value.language,
    orderedAt: value.orderedAt,
    verifiedAt: value.verifiedAt,
  };
}
