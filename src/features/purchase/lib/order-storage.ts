import { currency, findOperator, findPlan } from '../../../config/catalogue';
import { isOrderNumber } from './order-number';
import {
  emptyDraft,
  emptyReceipt,
  initialPurchaseState,
  type Draft,
  type Order,
  type PurchaseState,
  type Verification,
} from './purchase-machine';
import type { FailureReason } from './receipt-rules';
import { isRecord, readJson, removeKey, writeJson } from './storage';

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
    case 'result':
      return { step: 'result', order: state.order, verification: state.verification };
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

/** The stored flow, checked field by field; anything unexpected starts afresh. */
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
      const order = readOrder(value.order);
      if (!order) return null;
      if (now >= order.expiresAt) return { step: 'expired', order };
      return { step: 'payment', order, receipt: emptyReceipt, interrupted: !!value.interrupted };
    }
    case 'result': {
      const order = readOrder(value.order);
      const verification = readVerification(value.verification);
      return order && verification ? { step: 'result', order, verification } : null;
    }
    case 'expired': {
      const order = readOrder(value.order);
      return order && { step: 'expired', order };
    }
    default:
      return null;
  }
}

function readDraft(value: unknown): Draft | null {
  if (!isRecord(value) || typeof value.contact !== 'string') return null;
  const plan = typeof value.planId === 'string' ? findPlan(value.planId) : undefined;
  const operator =
    typeof value.operatorId === 'string' ? findOperator(value.operatorId) : undefined;
  return {
    planId: plan?.isAvailable ? plan.id : null,
    operatorId: operator?.id ?? null,
    contact: value.contact,
  };
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

function readOrder(value: unknown): Order | null {
  if (!isRecord(value)) return null;
  const plan = typeof value.planId === 'string' ? findPlan(value.planId) : undefined;
  const operator =
    typeof value.operatorId === 'string' ? findOperator(value.operatorId) : undefined;
  if (
    !plan ||
    !operator ||
    typeof value.number !== 'string' ||
    !isOrderNumber(value.number) ||
    typeof value.contact !== 'string' ||
    (value.contactKind !== 'email' && value.contactKind !== 'phone') ||
    !isTime(value.createdAt) ||
    !isTime(value.expiresAt)
  ) {
    return null;
  }
  return {
    number: value.number,
    planId: plan.id,
    operatorId: operator.id,
    contact: value.contact,
    contactKind: value.contactKind,
    // The price is the catalogue's, never what storage says.
    price: plan.price,
    currency,
    createdAt: value.createdAt,
    expiresAt: value.expiresAt,
  };
}

function readVerification(value: unknown): Verification | null {
  if (!isRecord(value)) return null;
  if (value.status === 'confirmed') {
    if (typeof value.transactionId !== 'string' || !isTime(value.verifiedAt)) return null;
    return {
      status: 'confirmed',
      transactionId: value.transactionId,
      ...(isTime(value.transactionTime) ? { transactionTime: value.transactionTime } : {}),
      verifiedAt: value.verifiedAt,
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
        ? { code: 'notConfirmed', modelReason: value.modelReason }
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
        ? { code: 'reused', transactionId: value.transactionId }
        : null;
    case 'notSuccessful':
      return typeof value.status === 'string'
        ? { code: 'notSuccessful', status: value.status }
        : null;
    case 'verificationFailed':
    case 'connectionProblem':
    case 'idMissing':
    case 'unreadable':
    case 'amountMissing':
    case 'timeMissing':
    case 'tooOld':
    case 'inFuture':
      return { code: value.code };
    default:
      return null;
  }
}
