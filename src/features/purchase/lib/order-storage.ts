import * as z from 'zod/mini';
import '../../../lib/zod-config';
import { currency, findOperator, findPlan } from '#domain/catalogue';
import { EMAIL_MAX_LENGTH } from '#domain/email';
import { readJson, removeItem, writeJson } from '../../../lib/web-storage';
import { CLOCK_SKEW_MS, PAYMENT_WINDOW_MS, RECEIPT_MAX_AGE_MS } from '#domain/payment-window';
import { checkContact } from '#domain/contact';
import { isOrderId, isOrderNumber, newOrderId } from '#domain/order-number';
import {
  emptyDraft,
  emptyReceipt,
  initialPurchaseState,
  type Draft,
  type Order,
  type PurchaseState,
  type Verification,
} from './purchase-machine';
import { normalizeTransactionId, shownReason, type FailureReason } from '#domain/receipt-rules';
import { readServerRef, serverOrderFields, serverRefOf } from './server-order-ref';
import { usedTransactionIds } from './used-transactions';

/**
 * The order in progress survives a reload (sessionStorage, this tab only): plan, operator,
 * contact, order number, expiry and result. The receipt image is never stored.
 *
 * Version 2 (decision 043): every field is required (an order's id, a confirmed payment's
 * transaction time, null when it is not known). Version 1, which a buyer may still hold in an
 * open tab, is read and converted, so an order in progress is never lost to an upgrade.
 */
export const PURCHASE_STORAGE_KEY = 'esim-shop.purchase';
export const PURCHASE_STORAGE_VERSION = 2;

/** The shape of what is stored; what it means (a plan on sale, a valid contact) is checked after. */
const draftSchema = z.object({
  planId: z.nullable(z.string()),
  operatorId: z.nullable(z.string()),
  contact: z.string(),
});
const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  planId: z.string(),
  operatorId: z.string(),
  contact: z.string(),
  contactKind: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  // Server mode only (a mode, not a format version): checked by readServerRef.
  server: z.optional(z.unknown()),
});
const confirmedSchema = z.object({
  status: z.literal('confirmed'),
  transactionId: z.string(),
  transactionTime: z.nullable(z.number()),
  verifiedAt: z.number(),
  // Issue #23: whether the receipt showed the shop as payee; absent in older stored results.
  payeeShown: z.optional(z.boolean()),
});
const failedSchema = z.object({ status: z.literal('failed'), reason: z.unknown() });
const verificationSchema = z.discriminatedUnion('status', [confirmedSchema, failedSchema]);

const stateSchema = z.discriminatedUnion('step', [
  z.object({ step: z.enum(['plan', 'operator', 'contact']), draft: draftSchema }),
  z.object({
    step: z.literal('payment'),
    order: orderSchema,
    interrupted: z.boolean(),
    /** Reopened after expiry for a payment made in time: not timed out again. */
    late: z.optional(z.boolean()),
  }),
  z.object({
    /** Server mode: a check the server runs; a reload asks it how the check ends (issue #24). */
    step: z.literal('verifying'),
    order: orderSchema,
    late: z.optional(z.boolean()),
  }),
  z.object({
    step: z.literal('result'),
    order: orderSchema,
    verification: z.unknown(),
    /** A refused late upload: Try Again goes back to the late upload. */
    late: z.optional(z.boolean()),
  }),
  z.object({ step: z.literal('expired'), order: orderSchema }),
]);
type StoredState = z.infer<typeof stateSchema>;
type StoredOrder = z.infer<typeof orderSchema>;

/** Version 1: orders could lack an id, confirmed payments their time, payment its flag. */
const v1Schema = z.object({ version: z.literal(1), state: z.unknown() });
const v2Schema = z.object({ version: z.literal(2), state: stateSchema });
const storedSchema = z.union([v2Schema, v1Schema]);

function toStored(state: PurchaseState): StoredState {
  const late = 'late' in state && state.late ? { late: true } : {};
  switch (state.step) {
    case 'plan':
    case 'operator':
    case 'contact':
      return { step: state.step, draft: state.draft };
    case 'payment':
      return {
        step: 'payment',
        order: toStoredOrder(state.order),
        interrupted: state.interrupted,
        ...late,
      };
    case 'verifying':
      // The backend's check goes on without this page: a reload asks it how the check ends.
      if (state.order.decidedByBackend) {
        return { step: 'verifying', order: toStoredOrder(state.order), ...late };
      }
      // A reload during the browser's own check loses the image: the buyer uploads it again.
      return { step: 'payment', order: toStoredOrder(state.order), interrupted: true, ...late };
    case 'result':
      return {
        step: 'result',
        order: toStoredOrder(state.order),
        verification: state.verification,
        ...late,
      };
    case 'expired':
      return { step: 'expired', order: toStoredOrder(state.order) };
  }
}

/**
 * An order as stored: its fields, and a server order's reference under `server` (the format
 * stays the one a buyer's open tab may hold). The eSIM's activation code is shown, never stored:
 * a reload asks the server again.
 */
function toStoredOrder(order: Order): StoredOrder & Pick<Order, 'price' | 'currency'> {
  const server = serverRefOf(order);
  return {
    id: order.id,
    number: order.number,
    planId: order.planId,
    operatorId: order.operatorId,
    contact: order.contact,
    contactKind: order.contactKind,
    price: order.price,
    currency: order.currency,
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    ...(server ? { server } : {}),
  };
}

export function savePurchase(state: PurchaseState) {
  if (state.step === 'plan' && state.draft === emptyDraft) {
    removeItem('session', PURCHASE_STORAGE_KEY);
    return;
  }
  writeJson('session', PURCHASE_STORAGE_KEY, {
    version: PURCHASE_STORAGE_VERSION,
    state: toStored(state),
  });
}

/**
 * A version 1 state as version 2: an order without an id gets one (the next save keeps it), a
 * confirmed payment without a time gets null, a payment step without its flag is not
 * interrupted. Null when it is not a state at all.
 */
export function migrateV1(state: unknown): StoredState | null {
  if (!isObject(state)) return null;
  const order = isObject(state.order)
    ? { ...state.order, id: isOrderId(state.order.id) ? state.order.id : newOrderId() }
    : state.order;
  const verification =
    isObject(state.verification) && state.verification.status === 'confirmed'
      ? { transactionTime: null, ...state.verification }
      : state.verification;
  const interrupted = state.step === 'payment' ? { interrupted: !!state.interrupted } : {};
  const parsed = stateSchema.safeParse({ ...state, ...interrupted, order, verification });
  return parsed.success ? parsed.data : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored flow, checked as if it came from outside (sessionStorage can be edited): its shape
 * by the schemas above, then its meaning field by field. Anything unexpected starts afresh,
 * except a confirmed result that does not hold together, which goes back to payment (or
 * expiry) so that the order is not lost.
 */
export function restorePurchase(now: number): PurchaseState {
  const stored = readJson('session', PURCHASE_STORAGE_KEY, storedSchema);
  if (!stored) return initialPurchaseState;
  const state = stored.version === 1 ? migrateV1(stored.state) : stored.state;
  return (state && fromStored(state, now)) ?? initialPurchaseState;
}

function fromStored(value: StoredState, now: number): PurchaseState | null {
  switch (value.step) {
    case 'plan':
      return { step: 'plan', draft: readDraft(value.draft) };
    case 'operator': {
      const draft = readDraft(value.draft);
      return draft.planId ? { step: 'operator', draft: { ...draft, planId: draft.planId } } : null;
    }
    case 'contact': {
      const draft = readDraft(value.draft);
      if (!draft.planId || !draft.operatorId) return null;
      return {
        step: 'contact',
        draft: { ...draft, planId: draft.planId, operatorId: draft.operatorId },
      };
    }
    case 'payment': {
      const order = readOrder(value.order, now);
      if (!order) return null;
      // A late upload stays open: the receipt rules decide whether the payment was in time.
      if (value.late)
        return {
          step: 'payment',
          order,
          receipt: emptyReceipt,
          interrupted: value.interrupted,
          late: true,
        };
      return paymentOrExpired(order, now, value.interrupted);
    }
    case 'verifying': {
      const order = readOrder(value.order, now);
      if (!order) return null;
      // Only the backend's check outlives the page; anything else is a check that was cut off.
      if (!order.decidedByBackend) return paymentOrExpired(order, now, true);
      return { step: 'verifying', order, receipt: null, ...(value.late ? { late: true } : {}) };
    }
    case 'result': {
      const order = readOrder(value.order, now);
      if (!order) return null;
      const verification = readStoredVerification(value.verification, order, now);
      if (verification === 'inconsistent') return paymentOrExpired(order, now, true);
      if (!verification) return null;
      const late = value.late && verification.status === 'failed';
      return { step: 'result', order, verification, ...(late ? { late: true } : {}) };
    }
    case 'expired': {
      const order = readOrder(value.order, now);
      return order && { step: 'expired', order };
    }
  }
}

function paymentOrExpired(order: Order, now: number, interrupted: boolean): PurchaseState {
  if (now >= order.expiresAt) return { step: 'expired', order };
  return { step: 'payment', order, receipt: emptyReceipt, interrupted };
}

function readDraft(value: z.infer<typeof draftSchema>): Draft {
  const plan = value.planId === null ? undefined : findPlan(value.planId);
  const operator = value.operatorId === null ? undefined : findOperator(value.operatorId);
  return {
    planId: plan?.isAvailable ? plan.id : null,
    operatorId: operator?.id ?? null,
    contact: value.contact.slice(0, EMAIL_MAX_LENGTH),
  };
}

const isTime = (value: number) => Number.isFinite(value) && value > 0;

/**
 * An order as stored, re-checked as when it was made: a plan that is on sale, a contact that
 * passes checkContact (in its normalised form, of the kind stored), an order number and id, and
 * times that make sense. `createdAt` may not lie in the future, and the payment code expires at
 * most one payment window after `now`: Try Again restarts the window, so the cap is relative to
 * now, not to createdAt.
 */
function readOrder(value: StoredOrder, now: number): Order | null {
  const plan = findPlan(value.planId);
  const operator = findOperator(value.operatorId);
  const contact = checkContact(value.contact);
  if (
    !plan?.isAvailable ||
    !operator ||
    !isOrderId(value.id) ||
    !isOrderNumber(value.number) ||
    !contact.valid ||
    contact.value !== value.contact ||
    contact.kind !== value.contactKind ||
    !isTime(value.createdAt) ||
    value.createdAt > now + CLOCK_SKEW_MS ||
    !isTime(value.expiresAt)
  ) {
    return null;
  }
  const server = readServerRef(value.server);
  return {
    // A server order's identity is the server's id (one kept in version 1 may lack its own).
    id: server?.id ?? value.id,
    number: value.number,
    planId: plan.id,
    operatorId: operator.id,
    contact: contact.value,
    contactKind: contact.kind,
    // The price is the catalogue's, never what storage says.
    price: plan.price,
    currency,
    createdAt: value.createdAt,
    expiresAt: Math.min(value.expiresAt, now + PAYMENT_WINDOW_MS),
    ...(server ? serverOrderFields(server) : {}),
  };
}

/**
 * A stored result. A confirmed one must hold together, or "Payment confirmed" could be shown for
 * an order that was never paid: a transaction id that normalises, accepted on this device (it
 * was remembered when it was confirmed; in server mode the server decided, and a reload asks it
 * again), verified after the order was made and not in the future, of a payment at most 12 hours
 * older than the check. Otherwise it is 'inconsistent'.
 */
function readStoredVerification(
  value: unknown,
  order: Order,
  now: number,
): Verification | 'inconsistent' | null {
  const verification = readVerification(value);
  if (!verification) {
    return isObject(value) && value.status === 'confirmed' ? 'inconsistent' : null;
  }
  if (verification.status !== 'confirmed') return verification;
  const { transactionId, transactionTime: paidAt, verifiedAt } = verification;
  const id = normalizeTransactionId(transactionId);
  if (
    id === null ||
    (!order.decidedByBackend && !usedTransactionIds().has(id)) ||
    verifiedAt < order.createdAt ||
    verifiedAt > now + CLOCK_SKEW_MS ||
    (paidAt !== null &&
      (paidAt > verifiedAt + CLOCK_SKEW_MS || verifiedAt - paidAt > RECEIPT_MAX_AGE_MS))
  ) {
    return 'inconsistent';
  }
  return verification;
}

/** A verification's shape, as stored or as the server answers it; its texts cut short. */
export function readVerification(value: unknown): Verification | null {
  const parsed = verificationSchema.safeParse(value);
  if (!parsed.success) return null;
  const verification = parsed.data;
  if (verification.status === 'confirmed') {
    const { transactionId, transactionTime, verifiedAt, payeeShown } = verification;
    if (!isTime(verifiedAt) || (transactionTime !== null && !isTime(transactionTime))) return null;
    return {
      status: 'confirmed',
      transactionId: shownReason(transactionId),
      transactionTime,
      verifiedAt,
      ...(payeeShown === undefined ? {} : { payeeShown }),
    };
  }
  const reason = readReason(verification.reason);
  return reason && { status: 'failed', reason };
}

type ReasonOf<C extends FailureReason['code']> = Extract<FailureReason, { code: C }>;
const only = <C extends FailureReason['code']>(code: C) => z.object({ code: z.literal(code) });

/** One schema per failure code: a code added to FailureReason without one does not compile. */
const reasonSchemas: { [C in FailureReason['code']]: z.ZodMiniType<ReasonOf<C>> } = {
  notConfirmed: z.object({ code: z.literal('notConfirmed'), modelReason: z.string() }),
  amountMismatch: z.object({
    code: z.literal('amountMismatch'),
    paid: z.number(),
    currency: z.nullable(z.string()),
  }),
  reused: z.object({ code: z.literal('reused'), transactionId: z.string() }),
  payee: z.object({ code: z.literal('payee'), payee: z.string() }),
  reference: z.object({ code: z.literal('reference'), reference: z.string() }),
  notSuccessful: z.object({ code: z.literal('notSuccessful'), status: z.string() }),
  verificationFailed: only('verificationFailed'),
  connectionProblem: only('connectionProblem'),
  tooManyAttempts: z.object({
    code: z.literal('tooManyAttempts'),
    retryAfterSeconds: z.number().check(z.nonnegative()),
  }),
  unreadable: only('unreadable'),
  amountMissing: only('amountMissing'),
  idMissing: only('idMissing'),
  timeMissing: only('timeMissing'),
  tooOld: only('tooOld'),
  beforeOrder: only('beforeOrder'),
  inFuture: only('inFuture'),
  afterExpiry: only('afterExpiry'),
};

const failureCode = z.object({
  code: z.enum(Object.keys(reasonSchemas) as [FailureReason['code'], ...FailureReason['code'][]]),
});

/** A stored or answered failure reason, checked against its code's schema; texts cut short. */
function readReason(value: unknown): FailureReason | null {
  const coded = failureCode.safeParse(value);
  if (!coded.success) return null;
  const parsed = reasonSchemas[coded.data.code].safeParse(value);
  return parsed.success ? shown(parsed.data) : null;
}

/** A reason as it may be shown: the texts that came from a model or a server cut short. */
function shown(reason: FailureReason): FailureReason {
  switch (reason.code) {
    case 'notConfirmed':
      return { code: reason.code, modelReason: shownReason(reason.modelReason) };
    case 'reused':
      return { code: reason.code, transactionId: shownReason(reason.transactionId) };
    case 'notSuccessful':
      return { code: reason.code, status: shownReason(reason.status) };
    case 'amountMismatch':
      return { code: reason.code, paid: reason.paid, currency: reason.currency };
    case 'tooManyAttempts':
      return { code: reason.code, retryAfterSeconds: reason.retryAfterSeconds };
    case 'payee':
      return { code: reason.code, payee: shownReason(reason.payee) };
    case 'reference':
      return { code: reason.code, reference: shownReason(reason.reference) };
    case 'verificationFailed':
    case 'connectionProblem':
    case 'unreadable':
    case 'amountMissing':
    case 'idMissing':
    case 'timeMissing':
    case 'tooOld':
    case 'beforeOrder':
    case 'inFuture':
    case 'afterExpiry':
      return { code: reason.code };
    default:
      return unknownReason(reason);
  }
}

/** Compiles only when every FailureReason code has its case above. */
function unknownReason(reason: never): never {
  throw new Error(`Unknown failure reason ${JSON.stringify(reason)}`);
}
