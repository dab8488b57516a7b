import type { Actor, BankConfirmer, OrderEvent, Verifier } from '#domain/order-life';
import { normalizeTransactionId } from '#domain/receipt-rules';
import type { Tx } from '../db/database';
import type { OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import {
  decidedAhead,
  deliverOrHold,
  policyColumns,
  queueStaffAlert,
  type PaymentEvidence,
} from '../delivery/delivery-policy';
import {
  assignOrWait,
  emailCarriesEsim,
  ORDER_PAID,
  orderLink,
  queueEsimEmail,
} from '../delivery/esim-delivery';
import { applyTransition, type Evidence } from './lifecycle-writes';
import { lockAndRecordPayment, payerOf } from './lifecycle/queries';
import { insertOutboxMessage } from './queries';
import { lineDisagreement } from '../payments/bank-agreement';
import type { StaffAlertPayload } from '../delivery/message-texts';

/**
 * An order's life on the server (issue #39, decision 115): the paths that change it. Every
 * state change goes through lifecycle-writes.ts (the one writer, one event row per change in the
 * same statement); this module holds the paths several callers share: paying an order (a
 * receipt, a bank notification, a payment provider, staff: one `payOrder`), and the bank's
 * confirmation of a paid order (a notification, a statement line, staff).
 */

export type { Actor } from '#domain/order-life';
export { applyTransition, tryTransition, TransitionRefused } from './lifecycle-writes';
export { orderEventsOf } from './lifecycle/queries';

export interface PaymentInput {
  /** The order's id as in orders.id. */
  orderId: string;
  actor: Actor;
  /** e.g. 'receipt', 'bank-notification', 'staff', '2c2p', 'kbzpay'. */
  method: string;
  /** The payment's unique id (payments' primary key rule: one transaction pays one order). */
  transactionId: string;
  /** In `currency`'s units as the shop stores them (MMK whole kyat; USD as a decimal number). */
  amount: number;
  currency: 'MMK' | 'USD';
  /** True: the delivery policy never holds it; bank_state counts as confirmed. */
  confirmedByProvider: boolean;
  evidence: Record<string, string | number | boolean | null>;
  /** When the payment was made (epoch ms); default: now. */
  transactionTime?: number;
  /** Who decided it, as orders.verified_by says; default: 'bank' when confirmed by a provider. */
  verifiedBy?: Verifier;
  /** Who gave the bank's word when `confirmedByProvider` (default: a notification). */
  confirmedBy?: BankConfirmer;
  /** A receipt: whether it showed the shop as payee (the delivery policy reads it). */
  payeeShown?: boolean;
  /** The buyer's order token, when the buyer is the one paying: the eSIM email links the order. */
  orderToken?: string;
  /** A receipt check's claim: the order is paid only while it is still this check's (verifying since). */
  claimedAt?: Date;
}

export type PayOutcome =
  | { kind: 'paid'; orderId: string }
  /** The same transaction already paid this order: idempotent. */
  | { kind: 'already-paid'; orderId: string }
  /** e.g. transaction used by another order, order cancelled/expired. */
  | { kind: 'refused'; code: string; message: string };

/** A payment's outcome and, when it paid, the order as the payment's transaction left it. */
export type Payment = { outcome: PayOutcome; order?: OrderRow; emailed?: boolean };

/** Pays an order in its own transaction (see {@link payOrderInTx}). */
export async function payOrder(deps: Deps, input: PaymentInput): Promise<PayOutcome> {
  return (await deps.database.db.transaction((tx) => payOrderInTx(tx, deps, input))).outcome;
}

const refused = (code: string, message: string): Payment => ({
  outcome: { kind: 'refused', code, message },
});

/**
 * Pays an order, inside the caller's transaction: the payment recorded (its primary key, the
 * normalised transaction id, refuses a second order), the order paid with its bank state (the
 * provider's word, or an imported statement line's) and, as the delivery policy decides, its
 * eSIM on its way or held; the eSIM email and the staff's `order.paid` message queued. Every
 * way of paying comes here: the screenshot, the bank notification, providers and staff.
 */
export async function payOrderInTx(
  tx: Tx,
  deps: Pick<Deps, 'config' | 'randomUUID' | 'now'>,
  input: PaymentInput,
): Promise<Payment> {
  const now = deps.now();
  const key = normalizeTransactionId(input.transactionId) ?? input.transactionId.trim();
  const verifiedBy = input.verifiedBy ?? (input.confirmedByProvider ? 'bank' : 'gemini');
  const transactionTime = new Date(input.transactionTime ?? now);
  const [found] = await lockAndRecordPayment(tx, {
    id: input.orderId,
    claimedAt: input.claimedAt,
    now: new Date(now),
    acceptExpired: input.confirmedByProvider,
    transactionId: key,
    orderId: input.orderId,
    amount: input.amount,
    transactionTime,
    verifiedBy,
    createdAt: new Date(now),
    payeeShown: input.payeeShown ?? null,
  });
  const row = found?.order.id ? found.order : undefined;
  if (!row) {
    return input.claimedAt
      ? refused('receipt_in_progress', 'Another check of this order took over.')
      : refused('not_found', 'No such order.');
  }
  if (!found!.paid) {
    const payer = found!.paymentOrder ?? (await payerOf(tx, key))[0]?.orderId;
    if (payer === row.id) return { outcome: { kind: 'already-paid', orderId: row.id } };
    if (payer) {
      return refused('transaction_reused', 'This transaction id already paid another order.');
    }
    if (row.status === 'paid') {
      return refused('order_already_paid', 'This order was paid with another transaction.');
    }
    if (row.status === 'cancelled') return refused('order_closed', 'This order was cancelled.');
    return refused('order_expired', 'This order’s payment code has expired.');
  }

  // What the bank says: the provider's word, or a statement line imported before the payment,
  // which confirms only what it proves, as at import (amount, time, reference; decision 126).
  const line =
    found!.lineAmount === null || !found!.linePaidAt
      ? undefined
      : {
          amount: found!.lineAmount,
          paidAt: found!.linePaidAt.getTime(),
          reference: found!.lineReference,
        };
  const disagreement = input.confirmedByProvider || !line ? undefined : lineDisagreement(row, line);
  const bank: OrderEvent[] = input.confirmedByProvider
    ? [{ type: 'bankConfirmed', by: input.confirmedBy ?? 'notification' }]
    : !line
      ? []
      : disagreement
        ? [{ type: 'bankMismatch' }]
        : [{ type: 'bankConfirmed', by: 'statement' }];
  const evidence: PaymentEvidence = disagreement
    ? { kind: 'mismatch' }
    : bank[0]?.type === 'bankConfirmed'
      ? { kind: 'bank' }
      : { kind: 'screenshot', payeeShown: input.payeeShown ?? false };
  // A policy that needs no count of the window is decided now and written with the payment.
  const ahead = decidedAhead(deps, row, evidence);
  const held: OrderEvent[] = ahead && !ahead.deliver ? [{ type: 'heldForBank' }] : [];
  const transactionId = input.transactionId.trim();
  const { order: paid } = await applyTransition(tx, {
    order: row,
    events: [{ type: 'paid' }, ...bank, ...held],
    actor: input.actor,
    at: now,
    evidence: { ...input.evidence, method: input.method, transactionId, amount: input.amount },
    set: {
      paidAt: new Date(now),
      transactionId,
      transactionTime,
      verifiedBy,
      // A receipt check still running loses its claim (its transaction finds the order paid).
      verifyingSince: null,
      lastFailure: null,
      ...(ahead ? policyColumns(deps, ahead, now, now) : {}),
    },
    ...(input.claimedAt ? { expectAlso: { verifyingSince: input.claimedAt } } : {}),
  });
  const delivered = await deliverOrHold(deps, tx, paid, evidence, now, ahead);
  if (disagreement && line) {
    // The bank's line disagrees with the screenshot: held whatever the policy, staff told once.
    const alert: StaffAlertPayload = {
      event: 'order.bank_mismatch',
      orderId: row.id,
      number: row.number,
      transactionId: key,
      amount: line.amount,
      paidAt: line.paidAt,
      reference: line.reference,
      reason: disagreement,
    };
    await queueStaffAlert(deps, tx, row.id, alert, now);
  }
  // The contact as the paid row holds it (the buyer may have corrected it, decision 055).
  const emailed = emailCarriesEsim(deps, paid);
  if (emailed) {
    // In the language the email is written in (the order's); a link only with the buyer's token.
    const link = input.orderToken
      ? orderLink(deps.config.delivery.shopUrl, row.id, input.orderToken, paid.language)
      : null;
    await queueEsimEmail(tx, delivered, link, now);
  }
  // Staff hear of every paid order on their webhook; without one nothing would ever send it.
  if (deps.config.delivery.staffWebhookUrl) {
    await insertOutboxMessage(tx, {
      kind: ORDER_PAID,
      payload: {
        event: ORDER_PAID,
        orderId: row.id,
        number: row.number,
        planId: row.planId,
        operatorId: row.operatorId,
        price: row.price,
        currency: row.currency,
        transactionId,
        paidAt: now,
        source: row.source,
      },
      attempts: 0,
      nextAttemptAt: new Date(now),
      createdAt: new Date(now),
    });
  }
  return { outcome: { kind: 'paid', orderId: row.id }, order: delivered, emailed };
}

/**
 * The bank confirmed a paid order's payment (a notification, a statement line, staff at the
 * account): its bank state reads confirmed and a held eSIM leaves now, in the caller's
 * transaction. An order the bank had confirmed already is returned as it is.
 */
export async function confirmByBank(
  tx: Tx,
  deps: Pick<Deps, 'config' | 'randomUUID'>,
  order: OrderRow,
  confirmation: { by: BankConfirmer; actor: Actor; at: number; evidence?: Evidence },
): Promise<OrderRow> {
  if (order.bankState === 'confirmed') return order;
  const release = order.deliveryState === 'held';
  const { order: confirmed } = await applyTransition(tx, {
    order,
    events: [
      { type: 'bankConfirmed', by: confirmation.by },
      ...(release ? [{ type: 'heldReleased' as const }] : []),
    ],
    actor: confirmation.actor,
    at: confirmation.at,
    evidence: confirmation.evidence,
    ...(release ? { set: { promisedBy: null } } : {}),
  });
  return release ? assignOrWait(deps, tx, confirmed, confirmation.at) : confirmed;
}
