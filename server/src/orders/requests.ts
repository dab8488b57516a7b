import type { Actor } from '#domain/order-life';
import {
  decideRequest,
  standingOf,
  type EsimStanding,
  type PolicyAnswer,
  type RequestKind,
  type RequestReason,
} from '#domain/refund-policy';
import type { Queries, Tx } from '../db/database';
import type { OrderRequestRow, OrderRow, RefundRow } from '../db/schema';
import type { Deps } from '../deps';
import {
  emailCarriesEsim,
  ESIM_EMAIL,
  installOf,
  profileOf,
  stockOrWait,
  type EsimEmailPayload,
} from '../delivery/esim-delivery';
import type { Providers } from '../payments/providers/provider-payments';
import type { RefundInput, RefundReport } from '../payments/providers/provider';
import { ApiError } from '../platform/errors';
import { orderFromSmdp, queueCancelOrder } from '../provisioning/provisioning';
import { withdrawInTx } from '../staff/staff-orders';
import { applyTransition } from './lifecycle-writes';
import {
  closeOpenRequest,
  forgetRequestEmail,
  insertOutboxMessage,
  insertRefund,
  insertRequest,
  latestRequestOf,
  lockOrder,
  lockProfileOfOrder,
  orderOf,
  paidInvoiceOf,
  pendingProviderRefunds,
  refundOf,
  requestOf,
  requestsForStaff,
  updateRefundIn,
  withdrawReplacedProfile,
} from './queries';

/**
 * Refunds and replacements (issue #41, decisions 124-125). A buyer asks from the order page (the
 * order's token is the key): a refund or a new eSIM, with a reason; the refund policy
 * (src/domain/refund-policy.ts) says what it gives, and the request is one event of the order's
 * life (`refundRequested`). Staff approve or refuse it; an approved refund goes back the way the
 * money came: a payment through 2C2P or KBZPay through the provider's refund API, an MMQR or
 * bank payment as a manual refund staff record with the bank's reference. One refund per order
 * (the refunds table's key), asked of the provider with the same request number on every retry.
 * A replacement withdraws the old profile (an ES2+ one not on a phone cancelled at its SM-DP+)
 * and hands the order a new one from stock.
 */

export const REQUEST_ANSWER_EMAIL = 'request_answer_email';

/** A pending refund is first asked about by the refund round this long after it was asked. */
export const REFUND_FIRST_CHECK_MS = 60_000;

export type RequestAnswerEmailPayload = {
  to: string | null;
  language: 'en' | 'my';
  number: string;
  outcome: 'refunded' | 'replaced' | 'refused';
  staffReason: string | null;
  bankReference: string | null;
};

/** How the order was paid, as a refund must go back: a provider, or by hand (MMQR, bank). */
export type RefundMethod = RefundRow['method'];

/** What the buyer and staff see of a request. */
export type RequestView = {
  id: string;
  kind: RequestKind;
  reason: RequestReason;
  note: string;
  policy: PolicyAnswer['outcome'];
  state: OrderRequestRow['state'];
  staffReason: string | null;
  createdAt: number;
  decidedAt: number | null;
  refund: RefundView | null;
};

export type RefundView = {
  method: RefundMethod;
  amount: number;
  currency: 'MMK' | 'USD';
  state: RefundRow['state'];
  bankReference: string | null;
  providerStatus: string | null;
  providerReason: string | null;
  doneAt: number | null;
};

export const refundView = (row: RefundRow): RefundView => ({
  method: row.method,
  amount: row.amount,
  currency: row.currency,
  state: row.state,
  bankReference: row.bankReference,
  providerStatus: row.providerStatus,
  providerReason: row.providerReason,
  doneAt: row.doneAt?.getTime() ?? null,
});

export const requestView = (row: OrderRequestRow, refund: RefundRow | null): RequestView => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  note: row.note,
  policy: row.policy,
  state: row.state,
  staffReason: row.staffReason,
  createdAt: row.createdAt.getTime(),
  decidedAt: row.decidedAt?.getTime() ?? null,
  refund: refund ? refundView(refund) : null,
});

/** Where the order's eSIM stands for the policy: from its delivery and its install progress. */
export async function standingOfOrder(db: Queries, row: OrderRow): Promise<EsimStanding> {
  const profile = await profileOf(db, row.id);
  const install = await installOf(db, profile);
  return standingOf(row.deliveryState, install?.state);
}

/** The order's latest request (open or decided) and its refund, or null. */
export async function latestRequest(db: Queries, orderId: string): Promise<RequestView | null> {
  const [row] = await latestRequestOf(db, orderId);
  if (!row) return null;
  const [refund] = await refundOf(db, orderId);
  return requestView(row, refund ?? null);
}

/** What the buyer's page needs: the request, and the facts the policy reads. */
export async function buyerRequestState(deps: Pick<Deps, 'database'>, row: OrderRow) {
  const { db } = deps.database;
  return {
    request: await latestRequest(db, row.id),
    standing: await standingOfOrder(db, row),
    paidAt: row.status === 'paid' ? (row.paidAt?.getTime() ?? null) : null,
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || cause === '23505';
};

/**
 * The buyer asks (the caller checked the token): the policy's answer recorded with the request
 * and the `refundRequested` event, in one transaction. 409 not_paid for an order not paid,
 * request_open while another request waits, and order_closed once refunded.
 */
export async function createRequest(
  deps: Pick<Deps, 'database' | 'now' | 'randomUUID'>,
  row: OrderRow,
  input: { kind: RequestKind; reason: RequestReason; note: string; email: string | null },
): Promise<RequestView> {
  const now = deps.now();
  try {
    return await deps.database.db.transaction(async (tx) => {
      const [order] = await lockOrder(tx, row.id);
      if (!order || order.status !== 'paid') {
        throw new ApiError(
          409,
          'not_paid',
          'Only a paid order can ask for a refund or a new eSIM.',
        );
      }
      if (order.refundState === 'requested' || order.refundState === 'refunding') {
        throw new ApiError(409, 'request_open', 'This order already has a request waiting.');
      }
      if (order.refundState === 'refunded') {
        throw new ApiError(409, 'order_closed', 'This order was refunded.');
      }
      const standing = await standingOfOrder(tx, order);
      const answer = decideRequest({
        kind: input.kind,
        reason: input.reason,
        standing,
        paidAt: order.paidAt?.getTime() ?? null,
        now,
      });
      const [request] = await insertRequest(tx, {
        id: deps.randomUUID(),
        orderId: order.id,
        kind: input.kind,
        reason: input.reason,
        note: input.note,
        policy: answer.outcome,
        email: input.email,
        state: 'open',
        createdAt: new Date(now),
      });
      await applyTransition(tx, {
        order,
        events: [{ type: 'refundRequested' }],
        actor: 'buyer',
        at: now,
        evidence: { kind: input.kind, reason: input.reason, policy: answer.outcome, standing },
      });
      return requestView(request!, null);
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one in.
    if (isUniqueViolation(error)) {
      throw new ApiError(409, 'request_open', 'This order already has a request waiting.');
    }
    throw error;
  }
}

/** A request with its order, for staff. */
async function requestById(db: Queries, id: string) {
  const [request] = await requestOf(db, id);
  if (!request) throw new ApiError(404, 'not_found', 'No such request.');
  const [order] = await orderOf(db, request.orderId);
  return { request, order: order! };
}

/** How an order's money goes back: its provider's paid invoice, or by hand. */
async function paidInvoice(db: Queries, orderId: string) {
  const [invoice] = await paidInvoiceOf(db, orderId);
  return invoice ?? null;
}

/** Queues the answer's email when the buyer left an address (dropped from the request once queued). */
async function queueAnswer(
  tx: Tx,
  request: OrderRequestRow,
  order: OrderRow,
  outcome: RequestAnswerEmailPayload['outcome'],
  extra: { staffReason?: string | null; bankReference?: string | null },
  now: number,
) {
  if (!request.email) return;
  const payload: RequestAnswerEmailPayload = {
    to: request.email,
    language: order.language,
    number: order.number,
    outcome,
    staffReason: extra.staffReason ?? null,
    bankReference: extra.bankReference ?? null,
  };
  await insertOutboxMessage(tx, {
    kind: REQUEST_ANSWER_EMAIL,
    orderId: order.id,
    payload,
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
  // The address served this answer; the request keeps no contact.
  await forgetRequestEmail(tx, request.id);
}

/** Closes the open request, expecting it still open (one decision wins). */
async function closeRequest(
  tx: Tx,
  request: OrderRequestRow,
  state: 'refunded' | 'replaced' | 'refused',
  actor: Actor,
  now: number,
  staffReason: string | null,
) {
  const [closed] = await closeOpenRequest(tx, request.id, {
    state,
    staffReason,
    decidedBy: actor,
    decidedAt: new Date(now),
  });
  if (!closed) throw new ApiError(409, 'state_changed', 'This request was decided meanwhile.');
  return closed;
}

/** Staff refuse a request, with a reason the buyer reads. */
export async function refuseRequest(
  deps: Pick<Deps, 'database' | 'now'>,
  id: string,
  reason: string,
  actor: Actor,
): Promise<RequestView> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const { request, order } = await requestById(tx, id);
    if (request.state !== 'open' || order.refundState !== 'requested') {
      throw new ApiError(409, 'state_changed', 'This request is not waiting for a decision.');
    }
    const closed = await closeRequest(tx, request, 'refused', actor, now, reason);
    await applyTransition(tx, {
      order,
      events: [{ type: 'refundRefused' }],
      actor,
      at: now,
      evidence: { reason },
    });
    await queueAnswer(tx, request, order, 'refused', { staffReason: reason }, now);
    return requestView(closed, null);
  });
}

/**
 * Staff approve a refund. MMQR or bank: a manual refund with the bank's reference, done at
 * once. A provider's payment: the refund row first (one per order; a retry after a failure takes
 * it again), then the provider asked with the same request number; its answer is written when
 * it comes (done: refunded; pending: asked again by {@link checkRefund}; failed: kept for staff
 * with the provider's reason, the request open again).
 */
export async function approveRefund(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'randomUUID'>,
  providers: Providers,
  id: string,
  actor: Actor,
  bankReference: string | null,
): Promise<RequestView> {
  const now = deps.now();
  const { db } = deps.database;
  const started = await db.transaction(async (tx) => {
    const { request, order } = await requestById(tx, id);
    const [locked] = await lockOrder(tx, order.id);
    const current = locked ?? order;
    if (request.state !== 'open' || current.refundState !== 'requested') {
      throw new ApiError(
        409,
        current.refundState === 'refunding' ? 'refund_in_progress' : 'state_changed',
        current.refundState === 'refunding'
          ? 'The provider is refunding this order; its answer is awaited.'
          : 'This request is not waiting for a decision.',
      );
    }
    const invoice = await paidInvoice(tx, current.id);
    const provider = invoice ? providers.get(invoice.provider) : undefined;
    if (!invoice) {
      if (!bankReference) {
        throw new ApiError(
          400,
          'validation_failed',
          'bankReference: the bank’s reference of the money sent back is required for an MMQR or bank payment.',
        );
      }
      // One refund per order: the key refuses a second one.
      const [refund] = await insertRefund(tx, {
        orderId: current.id,
        method: 'manual',
        amount: current.price,
        currency: current.currency === 'USD' ? 'USD' : 'MMK',
        state: 'done',
        requestNo: `manual-${current.id}`,
        bankReference,
        attempts: 1,
        createdAt: new Date(now),
        updatedAt: new Date(now),
        doneAt: new Date(now),
      });
      if (!refund) throw new ApiError(409, 'conflict', 'This order was refunded already.');
      const closed = await finishRefund(tx, request, current, actor, now, { bankReference });
      return { done: requestView(closed, refund), ask: undefined } as const;
    }
    if (!provider?.refund) {
      throw new ApiError(
        503,
        'provider_unavailable',
        invoice.provider === 'kbzpay'
          ? 'Refunds through KBZPay are not set up on this server: KBZPay’s refund API needs the merchant’s client certificate (KBZPAY_CLIENT_CERT and KBZPAY_CLIENT_KEY).'
          : 'Refunds through 2C2P are not set up on this server: its Payment Maintenance keys (TWOC2P_MERCHANT_PRIVATE_KEY and TWOC2P_PUBLIC_KEY).',
      );
    }
    const [existing] = await refundOf(tx, current.id);
    if (existing && existing.state !== 'failed') {
      throw new ApiError(409, 'refund_in_progress', 'A refund of this order is already on record.');
    }
    const values = {
      state: 'pending' as const,
      attempts: (existing?.attempts ?? 0) + 1,
      updatedAt: new Date(now),
      providerReason: null,
      // The refund round asks after this call has had its answer (decision 137).
      nextCheckAt: new Date(now + REFUND_FIRST_CHECK_MS),
      checks: 0,
    };
    const [refund] = existing
      ? await updateRefundIn(tx, current.id, 'failed', values)
      : await insertRefund(tx, {
          ...values,
          orderId: current.id,
          method: invoice.provider,
          amount: invoice.amount,
          currency: invoice.currency,
          // The provider's idempotency key: the same on every retry of this order's refund.
          requestNo: `R${invoice.invoiceNo}`,
          createdAt: new Date(now),
        });
    if (!refund)
      throw new ApiError(409, 'refund_in_progress', 'A refund of this order is under way.');
    await applyTransition(tx, {
      order: current,
      events: [{ type: 'refundStarted' }],
      actor,
      at: now,
      evidence: { method: invoice.provider, requestNo: refund.requestNo, attempt: refund.attempts },
    });
    return {
      done: undefined,
      ask: {
        orderId: current.id,
        input: {
          invoiceNo: invoice.invoiceNo,
          amount: invoice.amount,
          currency: invoice.currency,
          requestNo: refund.requestNo,
        } satisfies RefundInput,
        provider: invoice.provider,
      },
    };
  });
  const { ask, done } = started;
  if (!ask) return done!;
  const provider = providers.get(ask.provider)!;
  let answer: RefundReport;
  try {
    answer = await provider.refund!(ask.input);
  } catch (error) {
    // Down or unreadable: a failure staff see; the retry asks again with the same number.
    answer = {
      status: 'failed',
      providerStatus: 'unreachable',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  return writeRefundAnswer(deps, ask.orderId, answer, `provider:${ask.provider}`);
}

/** Writes a provider's answer on a pending refund (once: only while it is pending). */
async function writeRefundAnswer(
  deps: Pick<Deps, 'database' | 'now'>,
  orderId: string,
  answer: RefundReport,
  actor: Actor,
): Promise<RequestView> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [order] = await lockOrder(tx, orderId);
    const [request] = await latestRequestOf(tx, orderId);
    const [refund] = await updateRefundIn(tx, orderId, 'pending', {
      state: answer.status,
      providerStatus: answer.providerStatus,
      providerReason: answer.reason,
      updatedAt: new Date(now),
      ...(answer.status === 'done' ? { doneAt: new Date(now) } : {}),
    });
    if (!refund || !order || !request) {
      const [kept] = await refundOf(tx, orderId);
      return requestView(request!, kept ?? null);
    }
    if (answer.status === 'done') {
      const closed = await finishRefund(tx, request, order, actor, now, {});
      return requestView(closed, refund);
    }
    if (answer.status === 'failed') {
      await applyTransition(tx, {
        order,
        events: [{ type: 'refundFailed' }],
        actor,
        at: now,
        evidence: { providerStatus: answer.providerStatus, reason: answer.reason },
      });
    }
    return requestView(request, refund);
  });
}

/** The refund done: the order refunded, its eSIM withdrawn, the request closed, the buyer told. */
async function finishRefund(
  tx: Tx,
  request: OrderRequestRow,
  order: OrderRow,
  actor: Actor,
  now: number,
  extra: { bankReference?: string },
) {
  const closed = await closeRequest(tx, request, 'refunded', actor, now, null);
  const { order: refunded } = await applyTransition(tx, {
    order,
    events: [{ type: 'refunded' }],
    actor,
    at: now,
    evidence: extra.bankReference ? { bankReference: extra.bankReference } : {},
  });
  if (refunded.deliveryState !== 'withdrawn' && refunded.deliveryState !== 'none') {
    await withdrawInTx(tx, refunded, new Date(now), actor, { reason: 'refund' });
  }
  await queueAnswer(tx, request, order, 'refunded', extra, now);
  return closed;
}

/** Asks the provider where a pending refund stands and writes its answer (staff, or the worker). */
export async function checkRefund(
  deps: Pick<Deps, 'database' | 'now'>,
  providers: Providers,
  orderId: string,
): Promise<RequestView | null> {
  const { db } = deps.database;
  const [refund] = await refundOf(db, orderId);
  if (!refund) return null;
  const provider = refund.method === 'manual' ? undefined : providers.get(refund.method);
  if (refund.state !== 'pending' || !provider?.refundStatus) return latestRequest(db, orderId);
  const [invoice] = await paidInvoiceOf(db, orderId);
  if (!invoice) return latestRequest(db, orderId);
  let answer: RefundReport;
  try {
    answer = await provider.refundStatus({
      invoiceNo: invoice.invoiceNo,
      amount: refund.amount,
      currency: refund.currency,
      requestNo: refund.requestNo,
    });
  } catch {
    // Not reachable now: still pending, asked again on the next round.
    return latestRequest(db, orderId);
  }
  if (answer.status === 'pending') return latestRequest(db, orderId);
  return writeRefundAnswer(deps, orderId, answer, `provider:${refund.method}`);
}

/** {@link checkRefund} by the request's id (staff's "ask again"). */
export async function checkRequestRefund(
  deps: Pick<Deps, 'database' | 'now'>,
  providers: Providers,
  requestId: string,
): Promise<RequestView> {
  const { request } = await requestById(deps.database.db, requestId);
  const view = await checkRefund(deps, providers, request.orderId);
  if (!view) throw new ApiError(404, 'not_found', 'This request has no refund.');
  return view;
}

/** One round of the refund worker: every pending provider refund asked once. */
export async function checkPendingRefunds(
  deps: Pick<Deps, 'database' | 'now'>,
  providers: Providers,
): Promise<number> {
  const pending = await pendingProviderRefunds(deps.database.db);
  for (const { orderId } of pending) await checkRefund(deps, providers, orderId);
  return pending.length;
}

/**
 * Staff approve a new eSIM: the old profile withdrawn (an ES2+ profile not on a phone cancelled
 * at its SM-DP+), the order `replaced` (its delivery back to none) and given a new profile as a
 * paid order is (decision 135): a new DownloadOrder from its operator's SM-DP+ (`provisioning`
 * until the worker has it), or from stock (or it waits for stock, staff alerted); the new eSIM
 * emailed to the address the buyer left once it is there. One transaction.
 */
export async function approveReplacement(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'randomUUID'>,
  id: string,
  actor: Actor,
): Promise<RequestView> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const { request, order } = await requestById(tx, id);
    const [current] = await lockOrder(tx, order.id);
    if (request.state !== 'open' || current!.refundState !== 'requested') {
      throw new ApiError(409, 'state_changed', 'This request is not waiting for a decision.');
    }
    if (current!.deliveryState !== 'assigned' && current!.deliveryState !== 'delivered') {
      throw new ApiError(409, 'conflict', 'This order has no eSIM to replace: refund it instead.');
    }
    const [old] = await lockProfileOfOrder(tx, current!.id);
    if (old) {
      if (old.source === 'es2plus') {
        const install = await installOf(tx, old);
        if (!install || install.state === 'released' || install.state === 'failed') {
          await queueCancelOrder(
            tx,
            {
              orderId: current!.id,
              operatorId: current!.operatorId,
              iccid: old.iccid,
              finalProfileStatus: 'Unavailable',
            },
            now,
          );
        }
      }
      // The old profile keeps its order as replaced_order_id; the order's place is free.
      await withdrawReplacedProfile(tx, old.id, current!.id, new Date(now));
    }
    const closed = await closeRequest(tx, request, 'replaced', actor, now, null);
    const { order: reset } = await applyTransition(tx, {
      order: current!,
      events: [{ type: 'replaced' }],
      actor,
      at: now,
      evidence: { oldIccid: old?.iccid ?? null, reason: request.reason },
      // The new eSIM goes where the buyer asked the answer to go.
      ...(request.email ? { set: { contact: request.email, contactKind: 'email' as const } } : {}),
    });
    // As a paid order (decision 135): an operator served over ES2+ gets a new DownloadOrder
    // (the order's next attempt; `provisioning` until the worker has it, then emailed), any
    // other a profile from stock (or it waits for stock, staff alerted).
    const handed =
      (await orderFromSmdp(deps, tx, reset, now)) ?? (await stockOrWait(deps, tx, reset, now));
    if (request.email && emailCarriesEsim(deps, handed)) {
      const payload: EsimEmailPayload = { to: request.email, language: order.language, link: null };
      await insertOutboxMessage(tx, {
        kind: ESIM_EMAIL,
        orderId: order.id,
        payload,
        attempts: 0,
        nextAttemptAt: new Date(now),
        createdAt: new Date(now),
      });
    }
    await queueAnswer(tx, request, order, 'replaced', {}, now);
    return requestView(closed, null);
  });
}

/** Requests for staff: open ones first, then the latest decided, with what staff weigh. */
export async function staffRequests(deps: Pick<Deps, 'database'>, limit = 50) {
  const { db } = deps.database;
  const rows = await requestsForStaff(db, limit);
  return Promise.all(
    rows.map(async (request) => {
      const [order] = await orderOf(db, request.orderId);
      const [refund] = await refundOf(db, request.orderId);
      const invoice = await paidInvoice(db, request.orderId);
      const profile = await profileOf(db, request.orderId);
      const install = await installOf(db, profile);
      return {
        ...requestView(request, refund ?? null),
        order: {
          id: order!.id,
          number: order!.number,
          planId: order!.planId,
          operatorId: order!.operatorId,
          price: order!.price,
          currency: order!.currency,
          paidAt: order!.paidAt?.getTime() ?? null,
          deliveryState: order!.deliveryState,
          refundState: order!.refundState,
        },
        paymentMethod: (invoice?.provider ?? 'manual') as RefundMethod,
        installState: install?.state ?? null,
        standing: standingOf(order!.deliveryState, install?.state),
        hasEmail: Boolean(request.email),
      };
    }),
  );
}
