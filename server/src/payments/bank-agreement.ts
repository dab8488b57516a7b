import { CLOCK_SKEW_MS } from '#domain/payment-window';
import type { OrderRow } from '../db/schema';

/**
 * Whether the bank's word agrees with an order (decisions 122, 126): the same checks for a
 * signed notification, a statement line imported after the payment, and one imported before it.
 */

/** Why a notification (or a statement line) does not settle the order it names. */
export type UnmatchedReason =
  | 'no_order'
  | 'amount'
  | 'currency'
  | 'before_order'
  | 'outside_window'
  | 'already_confirmed'
  | 'order_closed';

/**
 * What the bank says that the order does not: another amount or currency, or a payment time
 * before the order was made or after its payment window (each with the clock skew tolerated).
 * Undefined: the bank's word agrees with the order.
 */
export function disagreementOf(
  order: Pick<OrderRow, 'price' | 'currency' | 'createdAt' | 'expiresAt'>,
  amount: number,
  currency: string,
  paidAt: Date,
): UnmatchedReason | undefined {
  if (currency !== order.currency) return 'currency';
  if (amount !== order.price) return 'amount';
  const at = paidAt.getTime();
  if (at < order.createdAt.getTime() - CLOCK_SKEW_MS) return 'before_order';
  if (at > order.expiresAt.getTime() + CLOCK_SKEW_MS) return 'outside_window';
  return undefined;
}

/** An order number in a statement's reference (with or without its `#`), or undefined. */
const ORDER_NUMBER = /NXR-\d{8}-\d{6}(?:-[0-9A-Z]+)?/i;

/**
 * What a statement line says that its order does not (see payment-notifications'
 * disagreementOf), or that its reference names another order; undefined: it agrees.
 */
export function lineDisagreement(
  order: Pick<OrderRow, 'price' | 'currency' | 'createdAt' | 'expiresAt' | 'number'>,
  line: { amount: number; paidAt: number; reference: string | null },
): UnmatchedReason | 'reference' | undefined {
  const disagreement = disagreementOf(order, line.amount, 'MMK', new Date(line.paidAt));
  if (disagreement) return disagreement;
  const named = line.reference?.match(ORDER_NUMBER)?.[0];
  if (named && named.toUpperCase() !== order.number.replace(/^#/, '').toUpperCase()) {
    return 'reference';
  }
  return undefined;
}
