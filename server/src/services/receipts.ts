import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { RECEIPT_MAX_AGE_MS } from '#domain/payment-window';
import { decideReceipt, normalizeTransactionId, type FailureReason } from '#domain/receipt-rules';
import { preparedStatement } from '../db/prepared';
import { orders, messageOutbox, payments, type OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { enforceLimit, limitKeys } from './abuse-limits';
import { emailCarriesEsim, ORDER_PAID, orderLink, queueEsimEmail } from './esim-delivery';
import { deliverOrHold, type PaymentEvidence } from './delivery-policy';
import { bankStateOf } from './reconciliation';
import { toShopOrder, type ShopOrder } from './orders';
import { readReceiptWithModel, type ReceiptImage } from './receipt-model';

/**
 * Submitting a receipt (decision 025): claim the order (`verifying`) in one short statement,
 * ask the model to read the image, decide in code (receipt-rules), then record the payment and
 * the paid order in ONE transaction. The payments table's primary key (the normalised
 * transaction id) is the authority on reuse, across every device and buyer.
 */

export type Verification =
  | {
      status: 'confirmed';
      transactionId: string;
      transactionTime: number;
      verifiedAt: number;
      /**
       * True when the receipt showed the shop as payee, false when it showed no payee (issue
       * #23): confirmed either way, and the delivery policy decides what the latter gets.
       */
      payeeShown: boolean;
    }
  | { status: 'failed'; reason: FailureReason };

export type ReceiptResult = { order: ShopOrder; verification: Verification };

/**
 * A buyer who paid inside the window but uploads later is not stranded (issue #15 item 6):
 * receipts are taken this long after expiry, and accepted only if the payment they show was
 * made before the code expired.
 */
export const LATE_RECEIPT_GRACE_MS = RECEIPT_MAX_AGE_MS;

const expired = (message: string) => new ApiError(409, 'order_expired', message);

async function paidResult(deps: Deps, row: OrderRow, now: number): Promise<ReceiptResult> {
  const paidAt = row.paidAt?.getTime() ?? now;
  const [payment] = await deps.database.db
    .select({ payeeShown: payments.payeeShown })
    .from(payments)
    .where(eq(payments.orderId, row.id));
  return {
    order: toShopOrder(row, now, deps.config.receiptTimeoutMs),
    verification: {
      status: 'confirmed',
      transactionId: row.transactionId ?? '',
      transactionTime: row.transactionTime?.getTime() ?? paidAt,
      verifiedAt: paidAt,
      // A payment recorded before the payee check (null) did not show one either.
      payeeShown: payment?.payeeShown === true,
    },
  };
}

/** The claim's UPDATE, prepared once per database (decision 100). */
const claimStatement = preparedStatement((db) =>
  db
    .update(orders)
    .set({ status: 'verifying', verifyingSince: sql`${sql.placeholder('claimedAt')}` })
    .where(
      and(
        eq(orders.id, sql.placeholder('id')),
        or(
          eq(orders.status, 'awaiting_payment'),
          and(
            eq(orders.status, 'verifying'),
            or(
              isNull(orders.verifyingSince),
              lt(orders.verifyingSince, sql.placeholder('staleBefore')),
            ),
          ),
        ),
      ),
    )
    .returning({ id: orders.id })
    .prepare('order_claim'),
);

/** Marks the order `verifying`: open orders, or a check so old that it is not running. */
async function claimOrder(deps: Deps, row: OrderRow, now: number): Promise<Date | OrderRow> {
  const claimedAt = new Date(now);
  const staleBefore = new Date(now - deps.config.receiptTimeoutMs);
  const [claimed] = await claimStatement(deps.database).execute({
    id: row.id,
    // A placeholder inside sql`` or a condition is not mapped through its column: its ISO text.
    claimedAt: claimedAt.toISOString(),
    staleBefore: staleBefore.toISOString(),
  });
  if (claimed) return claimedAt;
  const [current] = await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
  return current ?? row;
}

export async function submitReceipt(
  deps: Deps,
  row: OrderRow,
  input: {
    image: ReceiptImage;
    language: 'en' | 'my';
    /** The order token of this request: the eSIM email's order link (decision 038). */
    token?: string | undefined;
    /** Who is calling, for the per-address limit (client-address.ts). */
    clientAddress: string;
  },
): Promise<ReceiptResult> {
  const timeoutMs = deps.config.receiptTimeoutMs;
  const now = deps.now();
  if (row.status === 'paid') return paidResult(deps, row, now);
  if (row.status === 'cancelled' || row.status === 'expired') {
    throw new ApiError(409, 'order_closed', 'This order is closed. Please start a new purchase.');
  }
  if (now > row.expiresAt.getTime() + LATE_RECEIPT_GRACE_MS) {
    throw expired('This order’s payment code has expired. Please start a new purchase.');
  }
  const claim = await claimOrder(deps, row, now);
  if (!(claim instanceof Date)) {
    if (claim.status === 'paid') return paidResult(deps, claim, now);
    if (claim.status !== 'verifying') {
      throw new ApiError(409, 'order_closed', 'This order is closed. Please start a new purchase.');
    }
    const left = (claim.verifyingSince?.getTime() ?? now) + timeoutMs - now;
    throw new ApiError(
      409,
      'receipt_in_progress',
      'A receipt for this order is being checked right now. Please wait for its result.',
      { 'Retry-After': String(Math.max(1, Math.ceil(left / 1000))) },
    );
  }

  const mine = and(
    eq(orders.id, row.id),
    eq(orders.status, 'verifying'),
    eq(orders.verifyingSince, claim),
  );
  /** Ends our check without a payment: the order is open again (and says why, if refused). */
  const release = async (reason?: FailureReason): Promise<ReceiptResult | null> => {
    const [released] = await deps.database.db
      .update(orders)
      .set({
        status: 'awaiting_payment',
        verifyingSince: null,
        ...(reason ? { lastFailure: reason } : {}),
      })
      .where(mine)
      .returning();
    if (!reason) return null;
    const [current] = released
      ? [released]
      : await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
    return {
      order: toShopOrder(current ?? row, deps.now(), timeoutMs),
      verification: { status: 'failed', reason },
    };
  };
  const refuse = async (reason: FailureReason) => (await release(reason))!;

  // Only a check that will ask the model counts (not a replay, a paid order or a check already
  // running), per order and per client address, so that no one spends the model quota through
  // receipts (issue #23 item 4, decision 069).
  const { receiptsPerOrder, receiptsPerAddress } = deps.config.limits;
  try {
    await enforceLimit(
      deps,
      limitKeys.receiptsPerOrder(row.id),
      receiptsPerOrder,
      'Too many receipts were sent for this order. Please wait, then send the receipt of this order’s payment.',
    );
    await enforceLimit(
      deps,
      limitKeys.receiptsPerAddress(input.clientAddress),
      receiptsPerAddress,
      'Too many receipts were sent from this address. Please try again later.',
    );
  } catch (error) {
    await release();
    throw error;
  }

  const outcome = await readReceiptWithModel(deps, {
    image: input.image,
    orderNumber: row.number,
    price: row.price,
    language: input.language,
  });
  if (outcome.kind === 'unavailable') {
    await release();
    throw new ApiError(
      503,
      'ai_unavailable',
      'The payment check is not available right now. Nothing was lost: please send the receipt again in a moment.',
      { 'Retry-After': String(outcome.retryAfterSeconds) },
    );
  }
  if (outcome.kind === 'refused') return refuse(outcome.reason);

  const decidedAt = deps.now();
  // Reuse is decided by the payments table below, not by a list in memory.
  const decision = decideReceipt(outcome.reading, {
    price: row.price,
    now: decidedAt,
    usedTransactionIds: new Set(),
    orderCreatedAt: row.createdAt.getTime(),
    // A payment made after the code expired is refused by the shared rules (afterExpiry).
    orderExpiresAt: row.expiresAt.getTime(),
    // Paid to the shop, and for this order (issue #23 item 1, decision 068).
    payeeNames: deps.config.merchant.payeeNames,
    orderNumber: row.number,
  });
  if (!decision.confirmed) return refuse(decision.reason);
  const transactionKey = normalizeTransactionId(decision.transactionId) ?? decision.transactionId;
  const verifiedBy = deps.config.ai.mode === 'demo' ? ('demo' as const) : ('gemini' as const);
  const paidAt = new Date(decidedAt);

  const reused: FailureReason = { code: 'reused', transactionId: decision.transactionId };
  const settled = await deps.database.db
    .transaction(async (tx) => {
      // Still our check? (One that outlived the limit may have been taken over.)
      const [held] = await tx.select({ id: orders.id }).from(orders).where(mine).for('update');
      if (!held) throw new ClaimLost();
      const [payment] = await tx
        .insert(payments)
        .values({
          transactionId: transactionKey,
          orderId: row.id,
          amount: row.price,
          transactionTime: new Date(decision.transactionTime),
          verifiedBy,
          createdAt: paidAt,
          payeeShown: decision.payeeShown,
        })
        .onConflictDoNothing()
        .returning({ transactionId: payments.transactionId });
      if (!payment) {
        // The constraint says this transaction id already paid an order: reuse.
        const [open] = await tx
          .update(orders)
          .set({ status: 'awaiting_payment', verifyingSince: null, lastFailure: reused })
          .where(eq(orders.id, row.id))
          .returning();
        return { paid: false as const, order: open ?? row };
      }
      // A statement line imported before the upload already tells what the bank says.
      const bank = await bankStateOf(tx, transactionKey, row.price);
      const [order] = await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt,
          transactionId: decision.transactionId,
          transactionTime: new Date(decision.transactionTime),
          verifiedBy,
          verifyingSince: null,
          lastFailure: null,
          ...(bank ?? {}),
        })
        .where(eq(orders.id, row.id))
        .returning();
      // The eSIM, in the same transaction as the payment (issue #17, decision 036), as the
      // delivery policy allows (issue #23, decision 070).
      const evidence: PaymentEvidence =
        bank?.bankState === 'confirmed'
          ? { kind: 'bank' }
          : { kind: 'screenshot', payeeShown: decision.payeeShown };
      const delivered = await deliverOrHold(deps, tx, order ?? row, evidence, decidedAt);
      const { shopUrl } = deps.config.delivery;
      // The contact as the paid row holds it: the buyer may have corrected it (decision 055).
      const paid = order ?? row;
      if (emailCarriesEsim(deps, paid)) {
        // In the language the email is written in (the order's).
        const link = input.token ? orderLink(shopUrl, row.id, input.token, paid.language) : null;
        await queueEsimEmail(tx, delivered, link, decidedAt);
      }
      // Staff hear of every paid order on their webhook; without one nothing would ever send the
      // row, and /status would count it as a stuck notification.
      if (deps.config.delivery.staffWebhookUrl) {
        await tx.insert(messageOutbox).values({
          kind: ORDER_PAID,
          payload: {
            event: ORDER_PAID,
            orderId: row.id,
            number: row.number,
            planId: row.planId,
            operatorId: row.operatorId,
            price: row.price,
            currency: row.currency,
            transactionId: decision.transactionId,
            paidAt: decidedAt,
            source: row.source,
          },
          attempts: 0,
          nextAttemptAt: paidAt,
          createdAt: paidAt,
        });
      }
      return { paid: true as const, order: delivered };
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimLost) {
        throw new ApiError(
          409,
          'receipt_in_progress',
          'Another check of this order took over. Please wait for its result.',
          { 'Retry-After': '5' },
        );
      }
      throw error;
    });
  if (!settled.paid) {
    return {
      order: toShopOrder(settled.order, deps.now(), timeoutMs),
      verification: { status: 'failed', reason: reused },
    };
  }
  return paidResult(deps, settled.order, deps.now());
}

/** Our claim on the order was taken over (our check outlived the limit): roll back. */
class ClaimLost extends Error {
  constructor() {
    super('The verification claim was lost');
    this.name = 'ClaimLost';
  }
}
