import { and, eq, sql, type SQL } from 'drizzle-orm';
import { RECEIPT_MAX_AGE_MS } from '#domain/payment-window';
import { decideReceipt, normalizeTransactionId, type FailureReason } from '#domain/receipt-rules';
import type { Limit } from '../config';
import { columnParam, preparedQuery } from '../db/prepared';
import {
  orders,
  messageOutbox,
  payments,
  rateLimitWindows,
  statementLines,
  type OrderRow,
} from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { limitKeys, sweepEndedWindows } from '../platform/abuse-limits';
import {
  emailCarriesEsim,
  emailStateOf,
  esimOf,
  handedProfileOf,
  ORDER_PAID,
  orderLink,
  queueEsimEmail,
  rowDelivery,
  type Delivery,
} from '../delivery/esim-delivery';
import {
  decidedAhead,
  deliverOrHold,
  policyColumns,
  type PaymentEvidence,
} from '../delivery/delivery-policy';
import { bankStateOfLine } from './reconciliation';
import { toShopOrder, type ShopOrder } from '../orders/orders';
import { updateOrder } from '../orders/order-update';
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
  const [payment] = recorded
    ? [recorded]
    : await deps.database.db
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

/**
 * The claim and the receipt limits in one statement (decision 101; the claim was prepared alone
 * in decision 100): the order is marked `verifying` if it is open, or its check is so old that
 * it is not running; only a claimed check counts one hit against the order's limit and, if that
 * one is within its limit, one against the client address's (decision 069: only a check that
 * will ask the model counts, and a refused one counts no further). Ended windows are removed
 * apart, once a minute (sweepEndedWindows, decision 110). One round trip
 * where there were three to five. Its commit does not wait for the WAL's flush (decision 105):
 * the claim only marks a check as running, and the check's outcome (the payment's transaction,
 * or the order opened again) commits as every write does and flushes the claim's records with
 * it. A claim lost with the database's last moment before a crash is a check that is no longer
 * ours (409, as a check taken over), and no payment.
 */
const claimAndCount = preparedQuery<{
  claimed: number;
  orderHits: number | null;
  addressHits: number | null;
  /** 'off': the claim's commit does not wait for the WAL's flush (decision 105). */
  relaxed: string;
}>('order_claim_counted', () => {
  const w = rateLimitWindows;
  const hit = (
    name: string,
    source: SQL,
  ) => sql`insert into ${w} (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)}, ${sql.identifier(w.expiresAt.name)}, ${sql.identifier(w.hits.name)})
    select ${columnParam(`${name}Key`, w.key)}, ${columnParam(`${name}Start`, w.windowStart)}, ${columnParam(`${name}End`, w.expiresAt)}, 1 ${source}
    on conflict (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)})
    do update set ${sql.identifier(w.hits.name)} = ${w}.${sql.identifier(w.hits.name)} + 1
    returning ${sql.identifier(w.hits.name)} as hits`;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const query = sql`with claimed as (
    update ${orders} set ${column(orders.status)} = 'verifying',
      ${column(orders.verifyingSince)} = ${columnParam('claimedAt', orders.verifyingSince)}
    where ${column(orders.id)} = ${columnParam('id', orders.id)}
      and (${column(orders.status)} = 'awaiting_payment'
        or (${column(orders.status)} = 'verifying'
          and (${column(orders.verifyingSince)} is null
            or ${column(orders.verifyingSince)} < ${columnParam('staleBefore', orders.verifyingSince)})))
    returning ${column(orders.id)}
  ), per_order as (
    ${hit('order', sql`from claimed`)}
  ), per_address as (
    ${hit('address', sql`from per_order where per_order.hits <= ${sql.placeholder('orderLimit')}::integer`)}
  )
  select (select count(*) from claimed)::integer,
    (select hits from per_order), (select hits from per_address),
    set_config('synchronous_commit', 'off', true)`;
  return {
    query,
    fields: [
      { path: ['claimed'], field: sql`claimed`.mapWith(Number) },
      { path: ['orderHits'], field: sql`order_hits`.mapWith(Number) },
      { path: ['addressHits'], field: sql`address_hits`.mapWith(Number) },
      { path: ['relaxed'], field: sql`relaxed` },
    ],
  };
});

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
  const [counted] = await claimAndCount(deps.database).execute({
    id: row.id,
    claimedAt,
    staleBefore,
    orderKey: limitKeys.receiptsPerOrder(row.id),
    orderStart: new Date(perOrder.start),
    orderEnd: new Date(perOrder.end),
    orderLimit: receiptsPerOrder.limit,
    addressKey: limitKeys.receiptsPerAddress(clientAddress),
    addressStart: new Date(perAddress.start),
    addressEnd: new Date(perAddress.end),
  });
  if (!counted?.claimed) {
    const [current] = await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
    return current ?? row;
  }
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

/**
 * Inside the payment's transaction, one statement (decision 101; three before): the order is
 * locked if it is still our check (`verifying` since our claim), the payment is recorded only
 * then (the payments table's primary key, the normalised transaction id, refuses a reuse), and
 * the amount of an imported statement line with that id is read.
 */
const recordPayment = preparedQuery<{ held: number; paid: number; lineAmount: number | null }>(
  'receipt_payment',
  () => {
    const column = (c: { name: string }) => sql.identifier(c.name);
    const written = [
      payments.transactionId,
      payments.orderId,
      payments.amount,
      payments.transactionTime,
      payments.verifiedBy,
      payments.createdAt,
      payments.payeeShown,
    ];
    const names = [
      'transactionId',
      'orderId',
      'amount',
      'transactionTime',
      'verifiedBy',
      'createdAt',
      'payeeShown',
    ];
    const query = sql`with held as (
      select ${column(orders.id)} from ${orders}
      where ${column(orders.id)} = ${columnParam('id', orders.id)}
        and ${column(orders.status)} = 'verifying'
        and ${column(orders.verifyingSince)} = ${columnParam('claimedAt', orders.verifyingSince)}
      for update
    ), paid as (
      insert into ${payments} (${sql.join(written.map(column), sql`, `)})
      select ${sql.join(
        written.map((c, index) => columnParam(names[index]!, c)),
        sql`, `,
      )} from held
      on conflict do nothing
      returning ${column(payments.transactionId)}
    )
    select (select count(*) from held)::integer, (select count(*) from paid)::integer,
      (select ${column(statementLines.amount)} from ${statementLines}
        where ${column(statementLines.transactionId)} = ${columnParam('transactionId', statementLines.transactionId)}
        limit 1)`;
    return {
      query,
      fields: [
        { path: ['held'], field: sql`held`.mapWith(Number) },
        { path: ['paid'], field: sql`paid`.mapWith(Number) },
        { path: ['lineAmount'], field: sql`line_amount`.mapWith(Number) },
      ],
    };
  },
);

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
    /**
     * Handed the order's row as this check's own write left it (the payment's transaction, or
     * the order opened again with the reason), so that the answer needs no read of it after
     * (decision 105); not called when the check wrote no outcome. With the paid order's whole
     * delivery when the payment's transaction knows it (decision 107), so that the answer reads
     * neither the profile nor the email.
     */
    decided?: ((row: OrderRow, delivery?: Delivery) => void) | undefined;
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
  const claim = await claimOrder(deps, row, now, input.clientAddress);
  if (claim instanceof ApiError) {
    // Over a receipt limit: the check will not run, and the order is open again.
    await deps.database.db
      .update(orders)
      .set({ status: 'awaiting_payment', verifyingSince: null })
      .where(
        and(
          eq(orders.id, row.id),
          eq(orders.status, 'verifying'),
          eq(orders.verifyingSince, new Date(now)),
        ),
      );
    throw claim;
  }
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
    if (released) input.decided?.(released);
    const [current] = released
      ? [released]
      : await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
    return {
      order: toShopOrder(current ?? row, deps.now(), timeoutMs),
      verification: { status: 'failed', reason },
    };
  };
  const refuse = async (reason: FailureReason) => (await release(reason))!;

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
      // Still our check? (One that outlived the limit may have been taken over.) Then the
      // payment, and what an imported statement line says of it: one statement (decision 101).
      const [recorded] = await recordPayment({ db: tx }).execute({
        id: row.id,
        claimedAt: claim,
        transactionId: transactionKey,
        orderId: row.id,
        amount: row.price,
        transactionTime: new Date(decision.transactionTime),
        verifiedBy,
        createdAt: paidAt,
        payeeShown: decision.payeeShown,
      });
      if (!recorded?.held) throw new ClaimLost();
      const payment = recorded.paid > 0;
      if (!payment) {
        // The constraint says this transaction id already paid an order: reuse.
        const open = await updateOrder({ db: tx }, row.id, {
          status: 'awaiting_payment',
          verifyingSince: null,
          lastFailure: reused,
        });
        return { paid: false as const, order: open ?? row };
      }
      // A statement line imported before the upload already tells what the bank says.
      const bank = bankStateOfLine(
        recorded.lineAmount === null ? undefined : { amount: recorded.lineAmount },
        row.price,
      );
      // The eSIM, in the same transaction as the payment (issue #17, decision 036), as the
      // delivery policy allows (issue #23, decision 070). A policy that needs no count of the
      // window is decided now and its columns written with the paid status (decision 105).
      const evidence: PaymentEvidence =
        bank?.bankState === 'confirmed'
          ? { kind: 'bank' }
          : { kind: 'screenshot', payeeShown: decision.payeeShown };
      const ahead = decidedAhead(deps, row, evidence);
      const order = await updateOrder({ db: tx }, row.id, {
        status: 'paid',
        paidAt,
        transactionId: decision.transactionId,
        transactionTime: new Date(decision.transactionTime),
        verifiedBy,
        verifyingSince: null,
        lastFailure: null,
        ...(bank ?? {}),
        ...(ahead ? policyColumns(deps, ahead, decidedAt, decidedAt) : {}),
      });
      const delivered = await deliverOrHold(deps, tx, order ?? row, evidence, decidedAt, ahead);
      const { shopUrl } = deps.config.delivery;
      // The contact as the paid row holds it: the buyer may have corrected it (decision 055).
      const paid = order ?? row;
      const emailed = emailCarriesEsim(deps, paid);
      if (emailed) {
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
      return { paid: true as const, order: delivered, delivery: knownDelivery(delivered, emailed) };
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
  input.decided?.(settled.order, settled.paid ? settled.delivery : undefined);
  if (!settled.paid) {
    return {
      order: toShopOrder(settled.order, deps.now(), timeoutMs),
      verification: { status: 'failed', reason: reused },
    };
  }
  return paidResult(deps, settled.order, deps.now(), { payeeShown: decision.payeeShown });
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
