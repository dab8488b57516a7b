import { normalizeTransactionId } from '#domain/receipt-rules';
import type { Tx } from '../db/database';
import type { OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { queueStaffAlert } from '../delivery/delivery-policy';
import { ApiError } from '../platform/errors';
import { applyTransition, confirmByBank, payOrderInTx } from '../orders/lifecycle';
import { constantTimeEqual } from '../platform/hashing';
import type { StaffAlertPayload } from '../delivery/message-texts';
import { disagreementOf, type UnmatchedReason } from './bank-agreement';
import {
  insertNotification,
  lockOrderByNumber,
  otherSettlingNotification,
  paymentByTransactionId,
  settleNotification,
} from './queries';

/**
 * Payment notifications (issue #23 item 2, decision 070): an acquirer (or a small adapter in
 * front of one) tells the shop a payment arrived. The signature is an HMAC-SHA256 of
 * "<t>.<raw body>" keyed by PAYMENT_NOTIFY_SECRET; a notification is the bank's confirmation,
 * so a match pays and delivers at once. The transaction id goes through the same payments
 * primary key as receipts: a notification and a screenshot of one payment pay one order.
 */

/** How far the signature's time may be from the server's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The v1 signature of `body` at `timestamp` (unix seconds): hex HMAC-SHA256 of "<t>.<body>". */
export async function signNotification(
  secret: string,
  timestamp: number,
  body: Uint8Array | string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const message = new Uint8Array(encoder.encode(`${timestamp}.`).length + bytes.length);
  message.set(encoder.encode(`${timestamp}.`));
  message.set(bytes, encoder.encode(`${timestamp}.`).length);
  return toHex(await crypto.subtle.sign('HMAC', key, message));
}

/** The X-Payment-Signature header for `body`, as the acquirer sends it. */
export async function signatureHeader(secret: string, timestamp: number, body: string) {
  return `t=${timestamp},v1=${await signNotification(secret, timestamp, body)}`;
}

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);

/** Checks X-Payment-Signature against the raw body; throws 401 when it does not hold. */
export async function verifySignature(
  secret: string,
  header: string | undefined,
  body: Uint8Array,
  nowMs: number,
): Promise<void> {
  if (!header) throw unauthorized('X-Payment-Signature is missing.');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    throw unauthorized('X-Payment-Signature must read t=<unix seconds>,v1=<hex HMAC-SHA256>.');
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw unauthorized('The signature is too old (or from the future): sign each request anew.');
  }
  const expected = await signNotification(secret, Number(timestamp), body);
  // Every candidate is compared in full (no early exit), so the time says nothing of the secret.
  let valid = false;
  for (const signature of signatures) valid = constantTimeEqual(expected, signature) || valid;
  if (!valid) throw unauthorized('The signature does not match the body.');
}

export type PaymentNotification = {
  eventId: string;
  transactionId: string;
  orderNumber: string;
  amount: number;
  currency: 'MMK';
  paidAt: string;
  payerName?: string | undefined;
};

export type NotificationOutcome =
  | { status: 200; body: { orderId: string; status: 'paid' } }
  | { status: 200; body: { duplicate: true } }
  | { status: 202; body: { recorded: true; outcome: 'unmatched' } };

/** `#NXR-…` whether or not the acquirer kept the `#`. */
export const orderNumberOf = (reference: string) => {
  const text = reference.trim().toUpperCase();
  return text.startsWith('#') ? text : `#${text}`;
};

/** Records one verified notification and does what it says, in one transaction. */
export async function handleNotification(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'randomUUID'>,
  note: PaymentNotification,
): Promise<NotificationOutcome> {
  const key = normalizeTransactionId(note.transactionId);
  if (!key) {
    throw new ApiError(400, 'validation_failed', 'transactionId: not a transaction id.');
  }
  const now = deps.now();
  const receivedAt = new Date(now);
  const paidAt = new Date(note.paidAt);
  const number = orderNumberOf(note.orderNumber);
  const result = await deps.database.db.transaction(async (tx) => {
    const [recorded] = await insertNotification(tx, {
      eventId: note.eventId,
      transactionId: key,
      orderNumber: number,
      amount: note.amount,
      currency: note.currency,
      paidAt,
      payerName: note.payerName ?? null,
      outcome: 'unmatched',
      orderId: null,
      receivedAt,
    });
    if (!recorded) return { kind: 'duplicate' as const };
    const settle = async (outcome: 'paid' | 'confirmed' | 'unmatched' | 'reused', id?: string) =>
      settleNotification(tx, note.eventId, outcome, id ?? null);

    const [order] = await lockOrderByNumber(tx, number);
    // The transaction id may already have paid an order (a screenshot, an earlier notification),
    // or a notification of it may have confirmed one: one bank payment settles one order, ever.
    const [payment] = await paymentByTransactionId(tx, key);
    const [noted] = payment ? [] : await otherSettlingNotification(tx, key, note.eventId);
    const settledOrder = payment?.orderId ?? noted?.orderId ?? undefined;
    const unmatched = async (reason: UnmatchedReason) => {
      await settle('unmatched', order?.id);
      await queueStaffAlert(deps, tx, order?.id ?? null, alertOf(note, key, number, reason), now);
      return { kind: 'unmatched' as const };
    };
    if (settledOrder && settledOrder !== order?.id) {
      await settle('reused', settledOrder);
      const alert: StaffAlertPayload = {
        ...alertOf(note, key, number, 'reused'),
        event: 'payment.notification_reused',
        paidOrderId: settledOrder,
      };
      await queueStaffAlert(deps, tx, settledOrder, alert, now);
      return { kind: 'reused' as const };
    }
    if (!order) return unmatched('no_order');
    // The notification names the order (its reference); its amount and time must agree too.
    const disagreement = disagreementOf(order, note.amount, note.currency, paidAt);
    if (disagreement) {
      if (order.status === 'paid') await markMismatch(tx, order, note, key, disagreement, now);
      return unmatched(disagreement);
    }
    if (payment || noted) {
      // The screenshot came first: this is the bank's confirmation of that payment.
      const confirmation = {
        by: 'notification' as const,
        actor: 'bank' as const,
        at: now,
        evidence: { eventId: note.eventId, transactionId: key, matchedBy: 'transaction' },
      };
      await confirmByBank(tx, deps, order, confirmation);
      await settle('confirmed', order.id);
      return { kind: 'paid' as const, orderId: order.id };
    }
    if (order.status === 'paid') {
      // Paid on a screenshot whose transaction id reads otherwise (a misread, or the bank's own
      // id format): the bank names this order, with its amount, inside its payment window. That
      // confirms it (and releases a held eSIM), unless the bank confirmed it already: then this
      // is a second payment, for staff.
      if (order.bankState === 'confirmed') return unmatched('already_confirmed');
      const confirmation = {
        by: 'notification' as const,
        actor: 'bank' as const,
        at: now,
        evidence: {
          eventId: note.eventId,
          transactionId: key,
          matchedBy: 'reference-and-amount',
          screenshotTransactionId: order.transactionId,
        },
      };
      await confirmByBank(tx, deps, order, confirmation);
      await settle('confirmed', order.id);
      return { kind: 'paid' as const, orderId: order.id };
    }
    // An open (or expired: the money arrived) order is paid on the bank's word, and delivered;
    // a cancelled one is a second payment, for staff.
    const paid = await payOrderInTx(tx, deps, {
      orderId: order.id,
      actor: 'bank',
      method: 'bank-notification',
      transactionId: note.transactionId,
      amount: note.amount,
      currency: note.currency,
      confirmedByProvider: true,
      confirmedBy: 'notification',
      transactionTime: paidAt.getTime(),
      evidence: { eventId: note.eventId, matchedBy: 'reference-and-amount' },
    });
    if (paid.outcome.kind !== 'paid') return unmatched('order_closed');
    await settle('paid', order.id);
    return { kind: 'paid' as const, orderId: order.id };
  });
  if (result.kind === 'duplicate') return { status: 200, body: { duplicate: true } };
  if (result.kind === 'reused') {
    throw new ApiError(
      409,
      'transaction_reused',
      'This transaction id already paid another order; the notification was recorded for staff.',
    );
  }
  if (result.kind === 'unmatched') {
    return { status: 202, body: { recorded: true, outcome: 'unmatched' } };
  }
  return { status: 200, body: { orderId: result.orderId, status: 'paid' } };
}

function alertOf(
  note: PaymentNotification,
  key: string,
  number: string,
  reason: UnmatchedReason | 'reused',
): Extract<StaffAlertPayload, { event: 'payment.notification_unmatched' }> {
  return {
    event: 'payment.notification_unmatched',
    eventId: note.eventId,
    number,
    transactionId: key,
    amount: note.amount,
    paidAt: new Date(note.paidAt).getTime(),
    reason,
  };
}

/**
 * The bank named a paid order with another amount or time: its bank state becomes mismatch
 * (a held eSIM stays held: only the bank's agreeing word or staff release it), once.
 */
async function markMismatch(
  tx: Tx,
  order: OrderRow,
  note: PaymentNotification,
  key: string,
  reason: UnmatchedReason,
  now: number,
) {
  if (order.bankState !== 'unconfirmed' && order.bankState !== 'suspect') return;
  await applyTransition(tx, {
    order,
    events: [{ type: 'bankMismatch' }],
    actor: 'bank',
    at: now,
    evidence: { eventId: note.eventId, transactionId: key, amount: note.amount, reason },
  });
}
