import { RECEIPT_MAX_AGE_MS } from '#domain/payment-window';
import type { ReceiptReading } from '#domain/receipt-prompt';
import { decideReceipt, type FailureReason, type ReceiptDecision } from '#domain/receipt-rules';
import type { Limit } from '../config';
import type { Queries } from '../db/database';
import type { OrderRow } from '../db/schema';
import type { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import type { ReceiptResultSchema, VerificationSchema } from '../orders/schemas';
import { ApiError } from '../platform/errors';
import { limitKeys, sweepEndedWindows } from '../platform/abuse-limits';
import {
  emailStateOf,
  esimOf,
  handedProfileOf,
  rowDelivery,
  type Delivery,
} from '../delivery/esim-delivery';
import { isStaleCheck, toShopOrder } from '../orders/orders';
import { payOrderInTx, tryTransition, TransitionRefused } from '../orders/lifecycle';
import { readReceiptWithModel, type ReceiptImage } from './receipt-model';
import { claimAndCount, orderById, paymentOfOrder } from './queries';

/**
 * Submitting a receipt (decision 025): claim the order (`verifying`) in one short statement,
 * ask the model to read the image, decide in code (receipt-rules), then record the payment and
 * the paid order in ONE transaction. The payments table's primary key (the normalised
 * transaction id) is the authority on reuse, across every device and buyer.
 */

export type Verification = z.infer<typeof VerificationSchema>;
export type ReceiptResult = z.infer<typeof ReceiptResultSchema>;

/**
 * A buyer who paid inside the window but uploads later is not stranded (issue #15 item 6):
 * receipts are taken this long after expiry, and accepted only if the payment they show was
 * made before the code expired.
 */
export const LATE_RECEIPT_GRACE_MS = RECEIPT_MAX_AGE_MS;

const expired = (message: string) => new ApiError(409, 'order_expired', message);

/**
 * The answer for a paid order. `recorded` is the payment this request just wrote (its
 * `payeeShown`), which is then not read back; otherwise the order's payment is read.
 */
async function paidResult(
  deps: Deps,
  row: OrderRow,
  now: number,
  recorded?: { payeeShown: boolean },
): Promise<ReceiptResult> {
  const paidAt = row.paidAt?.getTime() ?? now;
  const [payment] = recorded ? [recorded] : await paymentOfOrder(deps.database.db, row.id);
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

/** A limit's window at `now`: its start, its end, and the Retry-After of a refusal in it. */
function windowOf({ windowMs }: Limit, now: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  const end = start + windowMs;
  return { start, end, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * Marks the order `verifying` (open orders, or a check so old that it is not running) and
 * counts the check against the receipt limits. Returns when the claim was made, or the order as
 * it is when it could not be claimed, or the limit that refused the (claimed) check.
 */
async function claimOrder(
  deps: Deps,
  row: OrderRow,
  now: number,
  clientAddress: string,
): Promise<Date | OrderRow | ApiError> {
  const claimedAt = new Date(now);
  const staleBefore = new Date(now - deps.config.receiptTimeoutMs);
  const { receiptsPerOrder, receiptsPerAddress } = deps.config.limits;
  const perOrder = windowOf(receiptsPerOrder, now);
  const perAddress = windowOf(receiptsPerAddress, now);
  await sweepEndedWindows(deps, now); // before the claim: a sweep that fails claims nothing
  const limits = {
    orderKey: limitKeys.receiptsPerOrder(row.id),
    orderStart: new Date(perOrder.start),
    orderEnd: new Date(perOrder.end),
    orderLimit: receiptsPerOrder.limit,
    addressKey: limitKeys.receiptsPerAddress(clientAddress),
    addressStart: new Date(perAddress.start),
    addressEnd: new Date(perAddress.end),
  };
  // From the state read; an order that moved on (a check ended meanwhile) is read and tried again.
  let current = row;
  let counted: Awaited<ReturnType<typeof claimAndCount>>['rows'][number] | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const claimable =
      current.status === 'awaiting_payment' ||
      (current.status === 'verifying' && isStaleCheck(current, now, deps.config.receiptTimeoutMs));
    if (!claimable) return current;
    [counted] = (
      await claimAndCount(
        deps.database.db,
        {
          order: current,
          events: [{ type: 'receiptClaimed' }],
          actor: 'buyer',
          at: now,
          set: { verifyingSince: claimedAt },
          ...(current.status === 'verifying' ? { staleBefore } : {}),
        },
        limits,
      )
    ).rows;
    if (counted?.claimed) break;
    const [read] = await orderById(deps.database.db, row.id);
    current = read ?? current;
  }
  if (!counted?.claimed) return current;
  const refused = (message: string, retryAfterSeconds: number) =>
    new ApiError(429, 'rate_limited', message, { 'Retry-After': String(retryAfterSeconds) });
  if ((counted.orderHits ?? 1) > receiptsPerOrder.limit) {
    return refused(
      'Too many receipts were sent for this order. Please wait, then send the receipt of this order’s payment.',
      perOrder.retryAfterSeconds,
    );
  }
  if ((counted.addressHits ?? 1) > receiptsPerAddress.limit) {
    return refused(
      'Too many receipts were sent from this address. Please try again later.',
      perAddress.retryAfterSeconds,
    );
  }
  return claimedAt;
}

export type ReceiptInput = {
  image: ReceiptImage;
  language: 'en' | 'my';
  /** The order token of this request: the eSIM email's order link (decision 038). */
  token?: string | undefined;
  /** Who is calling, for the per-address limit (client-address.ts). */
  clientAddress: string;
  /**
   * Handed the order's row as this check's own write left it (the payment's transaction, or
   * the order opened again with the reason), so that the answer needs no read of it after
   * (decision 105); not called when the check wrote no outcome. With the paid order's whole
   * delivery when the payment's transaction knows it (decision 107), so that the answer reads
   * neither the profile nor the email.
   */
  decided?: ((row: OrderRow, delivery?: Delivery) => void) | undefined;
};

/** One running check of a receipt: the order as read, the request, and when we claimed it. */
type Check = { deps: Deps; row: OrderRow; input: ReceiptInput; claimedAt: Date };

/**
 * Checks a receipt: claim the order, have Gemini read the image, decide in code, pay through
 * the lifecycle's payOrder, answer. Each step that ends the check answers or throws itself.
 */
export async function submitReceipt(
  deps: Deps,
  row: OrderRow,
  input: ReceiptInput,
): Promise<ReceiptResult> {
  const now = deps.now();
  if (row.status === 'paid') return paidResult(deps, row, now);
  refuseUnlessOpen(row, now);
  const claimed = await claimCheck(deps, row, now, input.clientAddress);
  if (!(claimed instanceof Date)) return paidResult(deps, claimed, now);
  const check: Check = { deps, row, input, claimedAt: claimed };
  const read = await readWithGemini(check);
  if (read.kind === 'refused') return answerRefusal(check, read.reason);
  const decision = decide(check, read.reading);
  if (!decision.confirmed) return answerRefusal(check, decision.reason);
  return answerPayment(check, await pay(check, decision), decision.payeeShown);
}

const closed = () =>
  new ApiError(409, 'order_closed', 'This order is closed. Please start a new purchase.');

/** A closed order, or one whose code expired before the late receipts' grace, takes no receipt. */
function refuseUnlessOpen(row: OrderRow, now: number) {
  if (row.status === 'cancelled' || row.status === 'expired') throw closed();
  if (now > row.expiresAt.getTime() + LATE_RECEIPT_GRACE_MS) {
    throw expired('This order’s payment code has expired. Please start a new purchase.');
  }
}

/**
 * Claims the order for this check: when the claim was made, or the order if another check had
 * already paid it. Throws when a receipt limit refuses the check (the order open again), when
 * the order closed, or when another check is running.
 */
async function claimCheck(
  deps: Deps,
  row: OrderRow,
  now: number,
  clientAddress: string,
): Promise<Date | OrderRow> {
  const claim = await claimOrder(deps, row, now, clientAddress);
  if (claim instanceof ApiError) {
    // Over a receipt limit: the check will not run, and the order is open again. (Only a check
    // that outlived the time limit loses its claim, and then the one that took over owns it.)
    await tryTransition(deps.database.db, {
      order: { ...row, status: 'verifying' },
      events: [{ type: 'receiptReleased' }],
      actor: 'system',
      at: now,
      evidence: { reason: 'rate_limited' },
      set: { verifyingSince: null },
      expectAlso: { verifyingSince: new Date(now) },
    });
    throw claim;
  }
  if (claim instanceof Date || claim.status === 'paid') return claim;
  if (claim.status !== 'verifying') throw closed();
  const left = (claim.verifyingSince?.getTime() ?? now) + deps.config.receiptTimeoutMs - now;
  throw new ApiError(
    409,
    'receipt_in_progress',
    'A receipt for this order is being checked right now. Please wait for its result.',
    { 'Retry-After': String(Math.max(1, Math.ceil(left / 1000))) },
  );
}

/**
 * Ends our check without a payment: the order is open again (and says why, if refused).
 * Undefined when the check was no longer ours.
 */
async function release(
  { deps, row, claimedAt }: Check,
  reason?: FailureReason,
  q: Queries = deps.database.db,
): Promise<OrderRow | undefined> {
  const released = await tryTransition(q, {
    order: { ...row, status: 'verifying' },
    events: [{ type: 'receiptReleased' }],
    actor: 'system',
    at: deps.now(),
    evidence: { reason: reason?.code ?? 'not_checked' },
    set: { verifyingSince: null, ...(reason ? { lastFailure: reason } : {}) },
    expectAlso: { verifyingSince: claimedAt },
  });
  return released instanceof TransitionRefused ? undefined : released.order;
}

/** The answer to a refused receipt, the order open again with the reason. */
async function answerRefusal(check: Check, reason: FailureReason): Promise<ReceiptResult> {
  const { deps, row, input } = check;
  const released = await release(check, reason);
  if (released) input.decided?.(released);
  const [current] = released ? [released] : await orderById(deps.database.db, row.id);
  return {
    order: toShopOrder(current ?? row, deps.now(), deps.config.receiptTimeoutMs),
    verification: { status: 'failed', reason },
  };
}

/**
 * What Gemini read on the receipt, or its refusal. When the model cannot be asked, the check
 * ends with nothing lost: the order is open again and the buyer is asked to send it again (503).
 */
async function readWithGemini(
  check: Check,
): Promise<
  { kind: 'reading'; reading: ReceiptReading } | { kind: 'refused'; reason: FailureReason }
> {
  const { deps, row, input } = check;
  const outcome = await readReceiptWithModel(deps, {
    image: input.image,
    orderNumber: row.number,
    price: row.price,
    language: input.language,
  });
  if (outcome.kind !== 'unavailable') return outcome;
  await release(check);
  throw new ApiError(
    503,
    'ai_unavailable',
    'The payment check is not available right now. Nothing was lost: please send the receipt again in a moment.',
    { 'Retry-After': String(outcome.retryAfterSeconds) },
  );
}

/** The shared receipt rules' decision on the reading (reuse is the payments table's, in pay). */
function decide({ deps, row }: Check, reading: ReceiptReading): ReceiptDecision {
  return decideReceipt(reading, {
    price: row.price,
    now: deps.now(),
    usedTransactionIds: new Set(),
    orderCreatedAt: row.createdAt.getTime(),
    // A payment made after the code expired is refused by the shared rules (afterExpiry).
    orderExpiresAt: row.expiresAt.getTime(),
    // Paid to the shop, and for this order (issue #23 item 1, decision 068).
    payeeNames: deps.config.merchant.payeeNames,
    orderNumber: row.number,
  });
}

type Settled =
  | { paid: true; order: OrderRow; delivery: Delivery | undefined }
  | { paid: false; order: OrderRow; reason: FailureReason };

/**
 * Records the payment and the paid order in one transaction, through the lifecycle's payOrder
 * (as every way of paying does), while the order is still our check. A transaction id that paid
 * another order opens the order again (reuse); a claim taken over meanwhile is a 409.
 */
async function pay(
  check: Check,
  decision: Extract<ReceiptDecision, { confirmed: true }>,
): Promise<Settled> {
  const { deps, row, input, claimedAt } = check;
  const verifiedBy = deps.config.ai.mode === 'demo' ? ('demo' as const) : ('gemini' as const);
  return deps.database.db
    .transaction(async (tx): Promise<Settled> => {
      const payment = await payOrderInTx(tx, deps, {
        orderId: row.id,
        actor: 'buyer',
        method: 'receipt',
        transactionId: decision.transactionId,
        amount: row.price,
        currency: row.currency === 'USD' ? 'USD' : 'MMK',
        confirmedByProvider: false,
        evidence: { payeeShown: decision.payeeShown },
        transactionTime: decision.transactionTime,
        verifiedBy,
        payeeShown: decision.payeeShown,
        orderToken: input.token,
        claimedAt,
      });
      const { outcome } = payment;
      if (outcome.kind === 'paid' && payment.order) {
        const delivery = knownDelivery(payment.order, payment.emailed ?? false);
        return { paid: true, order: payment.order, delivery };
      }
      if (outcome.kind === 'refused' && outcome.code === 'transaction_reused') {
        // The payments table says this transaction id already paid an order: reuse.
        const reason: FailureReason = { code: 'reused', transactionId: decision.transactionId };
        const open = await release(check, reason, tx);
        return { paid: false, order: open ?? row, reason };
      }
      throw new ClaimLost();
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
}

/** The answer once the payment's transaction settled: the paid order, or the reuse refused. */
async function answerPayment(
  { deps, input }: Check,
  settled: Settled,
  payeeShown: boolean,
): Promise<ReceiptResult> {
  input.decided?.(settled.order, settled.paid ? settled.delivery : undefined);
  if (!settled.paid) {
    return {
      order: toShopOrder(settled.order, deps.now(), deps.config.receiptTimeoutMs),
      verification: { status: 'failed', reason: settled.reason },
    };
  }
  return paidResult(deps, settled.order, deps.now(), { payeeShown });
}

/**
 * The delivery of an order the payment's transaction just paid, when that transaction knows it
 * whole (decision 107): held or waiting for stock, no profile was handed to it (an order is paid
 * once, and only a paid order gets a profile); handed a stock profile, that profile, as the
 * transaction wrote it. Its only eSIM email is the one the transaction queued, if it queued one.
 * The answer then reads neither the profile nor the email, as `deliveryOf` would. Undefined
 * otherwise (a profile being ordered from the SM-DP+, or one with install progress): read.
 */
function knownDelivery(order: OrderRow, emailed: boolean): Delivery | undefined {
  const email = emailStateOf(emailed ? { sentAt: null, lastError: null, attempts: 0 } : null);
  if (order.deliveryState === 'held' || order.deliveryState === 'waiting_for_stock') {
    return { ...rowDelivery(order), email };
  }
  const profile = handedProfileOf(order);
  if (!profile || profile.source === 'es2plus') return undefined;
  return { ...rowDelivery(order), esim: esimOf(profile), email };
}

/** Our claim on the order was taken over (our check outlived the limit): roll back. */
class ClaimLost extends Error {
  constructor() {
    super('The verification claim was lost');
    this.name = 'ClaimLost';
  }
}
