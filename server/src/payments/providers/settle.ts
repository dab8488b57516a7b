import type { OrderRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { ApiError } from '../../platform/errors';
import { handleNotification } from '../payment-notifications';
import type { ProviderId } from './provider-config';

/**
 * The one place a provider-confirmed payment pays an order (issue #40 point 1).
 *
 * It goes the way of the bank's own notification (payment-notifications.ts): the provider's
 * transaction reference becomes the payment's transaction id (one id pays one order, through
 * the payments table's key), the order is paid `verified_by = bank` with `bank_state =
 * confirmed`, so the delivery policy never holds it and statement reconciliation counts it as
 * confirmed, and the eSIM is delivered in the same transaction. The amount is the order's MMK
 * price of record: the caller has already checked the provider's amount, in the merchant
 * account's currency, against the attempt it started.
 */

export type ProviderPayment = {
  provider: ProviderId;
  order: OrderRow;
  /** The provider's reference of the money (2C2P tranRef, KBZPay mm_order_id). */
  providerTransactionId: string;
  paidAt: number;
};

export type SettleOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'already-paid'; orderId: string }
  | { kind: 'refused'; code: string; message: string };

/** `2C2P-2868821`, `KBZPAY-…`: the payments table's transaction id of a provider's payment. */
export const providerTransactionKey = (provider: ProviderId, reference: string) =>
  `${provider.toUpperCase()}-${reference}`;

export async function settleProviderPayment(
  deps: Deps,
  payment: ProviderPayment,
): Promise<SettleOutcome> {
  const { order } = payment;
  const transactionId = providerTransactionKey(payment.provider, payment.providerTransactionId);
  try {
    const outcome = await handleNotification(deps, {
      eventId: `${payment.provider}:${payment.providerTransactionId}`,
      transactionId,
      orderNumber: order.number,
      amount: order.price,
      currency: 'MMK',
      paidAt: new Date(payment.paidAt).toISOString(),
    });
    if ('orderId' in outcome.body) return { kind: 'paid', orderId: order.id };
    if ('duplicate' in outcome.body) return { kind: 'already-paid', orderId: order.id };
    return {
      kind: 'refused',
      code: 'order_closed',
      message: 'The order was paid another way or closed before the provider’s payment.',
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'transaction_reused') {
      return { kind: 'refused', code: error.code, message: error.message };
    }
    throw error;
  }
}
