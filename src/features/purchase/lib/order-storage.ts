import { currency, findOperator, findPlan } from '../../../config/catalogue';
import { EMAIL_MAX_LENGTH } from '../../../lib/email';
import { CLOCK_SKEW_MS, PAYMENT_WINDOW_MS, RECEIPT_MAX_AGE_MS } from './constants';
import { checkContact } from './contact';
import { isOrderId, isOrderNumber, newOrderId } from './order-number';
import {
  emptyDraft,
  emptyReceipt,
  initialPurchaseState,
  type Draft,
  type Order,
  type PurchaseState,
  type Verification,
} from './purchase-machine';
import { normalizeTransactionId, shownReason, type FailureReason } from './receipt-rules';
import { readServerRef } from './server-order-ref';
import { isRecord, readJson, removeKey, writeJson } from './storage';
import { usedTransactionIds } from './used-transactions';

/**
 * The order in progress survives a reload (sessionStorage, this tab only): plan, operator,
 * contact, order number, expiry and result. The receipt image is never stored.
 */
export const PURCHASE_STORAGE_KEY = 'esim-shop.purchase';
const VERSION = 1;

type Stored =
  | { step: 'plan' | 'operator' | 'contact'; draft: Draft }
  | { step: 'payment'; order: Order; interrupted: boolean }
  | { step: 'result'; order: Order; verification: Verification }
  | { step: 'expired'; order: Order };

function toStored(state: PurchaseState): Stored {
  switch (state.step) {
    case 'plan':
    case 'operator':
    case 'contact':
      return { step: state.step, draft: state.draft };
    case 'payment':
      return { step: 'payment', order: state.order, interrupted: state.interrupted };
    case 'verifying':
      // A reload during verification loses the image: the buyer is asked to upload it again.
      return { step: 'payment', order: state.order, interrupted: true };
    case 'result': {
      // The eSIM's activation code is shown, never stored: a reload asks the server again.
      const { delivery: _shownOnly, ...order } = state.order;
      return { step: 'result', order, verification: state.verification };
    }
    case 'expired':
      return { step: 'expired', order: state.order };
  }
}

export function savePurchase(state: PurchaseState) {
  if (state.step === 'plan' && state.draft === emptyDraft) {
    removeKey('session', PURCHASE_STORAGE_KEY);
    return;
  }
  writeJson('session', PURCHASE_STORAGE_KEY, { version: VERSION, state: toStored(state) });
}

/**
 * The stored flow, checked field by field as if it came from outside: sessionStorage can be
 * edited. Anything unexpected starts afresh, except a confirmed result that does not hold
 * together, which goes back to payment (or expiry) so that the order is not lost.
 */
export function restorePurchase(now: number): PurchaseState {
  const stored = readJson('session', PURCHASE_STORAGE_KEY);
  if (!isRecord(stored) || stored.version !== VERSION || !isRecord(stored.state)) {
    return initialPurchaseState;
  }
  return fromStored(stored.state, now) ?? initialPurchaseState;
}

function fromStored(value: Record<string, unknown>, now: number): PurchaseState | null {
  switch (value.step) {
    case 'plan': {
      const draft = readDraft(value.draft);
      return draft && { step: 'plan', draft };
    }
    case 'operator': {
      const draft = readDraft(value.draft);
      return draft?.planId ? { step: 'operator', draft: { ...draft, planId: draft.planId } } : null;
    }
    case 'contact': {
      const draft = readDraft(value.draft);
      if (!draft?.planId || !draft.operatorId) return null;
      return {
        step: 'contact',
        draft: { ...draft, planId: draft.planId, operatorId: draft.operatorId },
      };
    }
    case 'payment': {
      const order = readOrder(value.order, now);
      if (!order) return null;
      return paymentOrExpired(order, now, !!value.interrupted);
    }
    case 'result': {
      const order = readOrder(value.order, now);
      if (!order) return null;
      const verification = readStoredVerification(value.verification, order, now);
      if (verification === 'inconsistent') return paymentOrExpired(order, now, true);
      return verification && { step: 'result', order, verification };
    }
    case 'expired': {
      const order = readOrder(value.order, now);
      return order && { step: 'expired', order };
    }
    default:
      return null;
  }
}

function paymentOrExpired(order: Order, now: number, interrupted: boolean): PurchaseState {
  if (now >= order.expiresAt) return { step: 'expired', order };
  return { step: 'payment', order, receipt: emptyReceipt, interrupted };
}

function readDraft(value: unknown): Draft | null {
  if (!isRecord(value) || typeof value.contact !== 'string') return null;
  const plan = typeof value.planId === 'string' ? findPlan(value.planId) : undefined;
  const operator =
    typeof value.operatorId === 'string' ? findOperator(value.operatorId) : undefined;
  return {
    planId: plan?.isAvailable ? plan.id : null,
    operatorId: operator?.id ?? null,
    contact: value.contact.slice(0, EMAIL_MAX_LENGTH),
  };
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * An order as stored, re-checked as when it was made: a plan that is on sale, a contact that
 * passes checkContact (in its normalised form, of the kind stored), an order number, and times
 * that make sense. `createdAt` may not lie in the future, and the payment code expires at most
 * one payment window after `now`: Try Again restarts the window, so the cap is relative to now,
 * not to createdAt.
 */
function readOrder(value: unknown, now: number): Order | null {
  if (!isRecord(value)) return null;
  const plan = typeof value.planId === 'string' ? findPlan(value.planId) : undefined;
  const operator =
    typeof value.operatorId === 'string' ? findOperator(value.operatorId) : undefined;
  const contact = typeof value.contact === 'string' ? checkContact(value.contact) : null;
  if (
    !plan?.isAvailable ||
    !operator ||
    typeof value.number !== 'string' ||
    !isOrderNumber(value.number) ||
    !contact?.valid ||
    contact.value !== value.contact ||
    contact.kind !== value.contactKind ||
    !isTime(value.createdAt) ||
    value.createdAt > now + CLOCK_SKEW_MS ||
    !isTime(value.expiresAt)
  ) {
    return null;
  }
  return {
    // Orders stored before orders had an id get one now; it is stored with the next save.
    id: isOrderId(value.id) ? value.id : newOrderId(),
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
    ...readServerRef(value.server),
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
  if (!verification) return isRecord(value) && value.status === 'confirmed' ? 'inconsistent' : null;
  if (verification.status !== 'confirmed') return verification;
  const { transactionId, transactionTime: paidAt, verifiedAt } = verification;
  const id = normalizeTransactionId(transactionId);
  if (
    id === null ||
    (!order.server && !usedTransactionIds().has(id)) ||
    verifiedAt < order.createdAt ||
    verifiedAt > now + CLOCK_SKEW_MS ||
    (paidAt !== undefined &&
      (paidAt > verifiedAt + CLOCK_SKEW_MS || verifiedAt - paidAt > RECEIPT_MAX_AGE_MS))
  ) {
    return 'inconsistent';
  }
  return verification;
}

/** A verification's shape, as stored or as the server answers it; its texts cut short. */
export function readVerification(value: unknown): Verification | null {
  if (!isRecord(value)) return null;
  if (value.status === 'confirmed') {
    const { transactionId, transactionTime, verifiedAt } = value;
    if (typeof transactionId !== 'string' || !isTime(verifiedAt)) return null;
    return {
      status: 'confirmed',
      transactionId: shownReason(transactionId),
      ...(isTime(transactionTime) ? { transactionTime } : {}),
      verifiedAt,
    };
  }
  if (value.status === 'failed') {
    const reason = readReason(value.reason);
    return reason && { status: 'failed', reason };
  }
  return null;
}

function readReason(value: unknown): FailureReason | null {
  if (!isRecord(value)) return null;
  switch (value.code) {
    case 'notConfirmed':
      return typeof value.modelReason === 'string'
        ? { code: 'notConfirmed', modelReason: shownReason(value.modelReason) }
        : null;
    case 'amountMismatch':
      return typeof value.paid === 'number'
        ? {
            code: 'amountMismatch',
            paid: value.paid,
            currency: typeof value.currency === 'string' ? value.currency : null,
          }
        : null;
    case 'reused':
      return typeof value.transactionId === 'string'
        ? { code: 'reused', transactionId: shownReason(value.transactionId) }
        : null;
    case 'notSuccessful':
      return typeof value.status === 'string'
        ? { code: 'notSuccessful', status: shownReason(value.status) }
        : null;
    case 'verificationFailed':
    case 'connectionProblem':
    case 'idMissing':
    case 'unreadable':
    case 'amountMissing':
    case 'timeMissing':
    case 'tooOld':
    case 'beforeOrder':
    case 'inFuture':
      return { code: value.code };
    default:
      return null;
  }
}
