import type { OrderRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { payOrder, type PayOutcome } from '../../orders/lifecycle';
import { isTestProvider, type ProviderId } from './provider-config';

/**
 * The one place a provider-confirmed payment pays an order (issue #40 point 1): the order's life
 * (`payOrder`, decision 115) with actor `provider:<name>` and the provider's evidence. It is
 * confirmed by the provider, so the delivery policy never holds it and statement reconciliation
 * counts it as confirmed. The provider's transaction reference is the payment's transaction id
 * (one id pays one order). The amount recorded is the order's MMK price of record: the caller
 * has already checked the provider's amount, in the merchant account's currency, against the
 * invoice it started, and the evidence keeps what the provider charged.
 *
 * On a demo server (no Gemini key: its shelf is the demo profiles) a payment confirmed by one of
 * the test fakes (scripts/start.sh without provider keys) moved no money: it is a demo decision,
 * so the order gets a demo profile and never a real one (decision 130, as decision 068 does for
 * the demo script's receipts).
 */

export type ProviderPayment = {
  provider: ProviderId;
  order: OrderRow;
  /** The provider's reference of the money (2C2P tranRef, KBZPay mm_order_id). */
  providerTransactionId: string;
  invoiceNo: string;
  /** What the provider charged, in minor units of `currency`. */
  charged: { amount: number; currency: 'MMK' | 'USD' };
  paidAt: number;
};

export type SettleOutcome = PayOutcome;

/** `2C2P-2868821`, `KBZPAY-…`: the payments table's transaction id of a provider's payment. */
export const providerTransactionKey = (provider: ProviderId, reference: string) =>
  `${provider.toUpperCase()}-${reference}`;

export function settleProviderPayment(
  deps: Deps,
  payment: ProviderPayment,
): Promise<SettleOutcome> {
  return payOrder(deps, {
    orderId: payment.order.id,
    actor: `provider:${payment.provider}`,
    method: payment.provider,
    transactionId: providerTransactionKey(payment.provider, payment.providerTransactionId),
    amount: payment.order.price,
    currency: 'MMK',
    confirmedByProvider: true,
    ...(deps.config.ai.mode === 'demo' && isTestProvider(deps.config.payments, payment.provider)
      ? { verifiedBy: 'demo' as const }
      : {}),
    transactionTime: payment.paidAt,
    evidence: {
      provider: payment.provider,
      invoiceNo: payment.invoiceNo,
      providerTransactionId: payment.providerTransactionId,
      chargedAmount: payment.charged.amount,
      chargedCurrency: payment.charged.currency,
    },
  });
}
