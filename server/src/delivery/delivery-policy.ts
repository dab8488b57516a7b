import type { OrderRow } from '../db/schema';
import type { Config } from '../config';
import type { Tx } from '../db/database';
import type { Deps } from '../deps';
import type { StaffAlertPayload } from './message-texts';
import { applyTransition } from '../orders/lifecycle-writes';
import { assignOrWait, STAFF_ALERT_EMAIL, STAFF_ALERT_WEBHOOK } from './esim-delivery';
import {
  insertOutboxRow,
  lockLimitPolicy,
  markOverdueHeldAlerted,
  setUnconfirmedDeliveryAt,
  unconfirmedWindowSums,
} from './queries';

/**
 * The delivery policy (issue #23 item 5, decision 070): whether a paid order's eSIM leaves now
 * or is held until the bank confirms the payment. A bank confirmation (a signed notification,
 * a statement line, staff who looked at the account) always delivers; a screenshot delivers
 * under `instant`, never under `confirmed`, and under `limit` only while the unconfirmed
 * deliveries of the last 24 hours stay within the owner's sum and per-contact count.
 */

export type DeliveryPolicy = Config['bank']['policy'];

export type PaymentEvidence =
  | { kind: 'bank' }
  /** A screenshot the rules approved; `payeeShown` false: the payee is not on it (A1's reading). */
  | { kind: 'screenshot'; payeeShown: boolean }
  /** A screenshot the statement's line for its transaction contradicts: held whatever the policy. */
  | { kind: 'mismatch' };

export type PolicyInput = {
  policy: DeliveryPolicy;
  evidence: PaymentEvidence;
  price: number;
  /** MMK delivered on screenshots alone in the last 24 hours (bank-confirmed ones excluded). */
  unconfirmedSum: number;
  /** Of those, how many went to this order's contact. */
  unconfirmedForContact: number;
  limitMmk: number;
  perContact: number;
};

export type PolicyDecision = {
  deliver: boolean;
  /** Delivered without bank confirmation, so it counts towards the limit policy's window. */
  unconfirmed: boolean;
  /** Staff hear of it now (delivered on a screenshot that does not show the payee). */
  alert: boolean;
};

export const UNCONFIRMED_WINDOW_MS = 24 * 60 * 60_000;

/** Pure: the policy's answer for one paid order. */
export function decideDelivery(input: PolicyInput): PolicyDecision {
  const { evidence } = input;
  if (evidence.kind === 'bank') return { deliver: true, unconfirmed: false, alert: false };
  const hold = { deliver: false, unconfirmed: false, alert: false };
  if (evidence.kind === 'mismatch') return hold;
  switch (input.policy) {
    case 'instant':
      // Today's behaviour; a screenshot without the payee still goes, but staff are told.
      return { deliver: true, unconfirmed: true, alert: !evidence.payeeShown };
    case 'confirmed':
      return hold;
    case 'limit': {
      if (!evidence.payeeShown) return hold;
      const withinSum = input.unconfirmedSum + input.price <= input.limitMmk;
      const withinContact = input.unconfirmedForContact < input.perContact;
      return withinSum && withinContact ? { deliver: true, unconfirmed: true, alert: false } : hold;
    }
  }
}

async function unconfirmedWindow(tx: Tx, contactHash: string | null, now: number) {
  const since = new Date(now - UNCONFIRMED_WINDOW_MS);
  const [row] = await unconfirmedWindowSums(tx, since, contactHash);
  return { sum: Number(row?.sum ?? 0), forContact: Number(row?.forContact ?? 0) };
}

/**
 * The policy's answer when it needs nothing the transaction has not written yet: every policy
 * but `limit` on a screenshot, which counts the 24-hour window under its lock. With
 * {@link policyColumns} the payment's own UPDATE then writes the policy's columns too
 * (decision 105: one statement fewer per paid receipt); undefined: {@link deliverOrHold} decides.
 */
export function decidedAhead(
  deps: Pick<Deps, 'config'>,
  order: Pick<OrderRow, 'price'>,
  evidence: PaymentEvidence,
): PolicyDecision | undefined {
  const { bank } = deps.config;
  if (evidence.kind === 'screenshot' && bank.policy === 'limit') return undefined;
  return decideDelivery({
    policy: bank.policy,
    evidence,
    price: order.price,
    unconfirmedSum: 0,
    unconfirmedForContact: 0,
    limitMmk: bank.unconfirmedLimitMmk,
    perContact: bank.unconfirmedPerContact,
  });
}

/**
 * What a decision writes on the paid order besides its state: the promised time of a held one
 * (from the payment; the `heldForBank` event holds it), or, delivered on a screenshot alone, the
 * time that counts it in the limit policy's window.
 */
export function policyColumns(
  deps: Pick<Deps, 'config'>,
  decision: PolicyDecision,
  paidAt: number,
  now: number,
): Partial<Pick<OrderRow, 'promisedBy' | 'unconfirmedDeliveryAt'>> {
  if (!decision.deliver) return { promisedBy: new Date(paidAt + deps.config.bank.confirmationMs) };
  return decision.unconfirmed ? { unconfirmedDeliveryAt: new Date(now) } : {};
}

/**
 * Inside the payment's transaction, on the paid order row: deliver (assign a profile or wait for
 * stock) or hold it until the bank confirms. Returns the order row. `written`: the decision of
 * {@link decidedAhead} that the payment's own write already applied (its `heldForBank` event
 * and {@link policyColumns}).
 */
export async function deliverOrHold(
  deps: Pick<Deps, 'config' | 'randomUUID'>,
  tx: Tx,
  order: OrderRow,
  evidence: PaymentEvidence,
  now: number,
  written?: PolicyDecision,
): Promise<OrderRow> {
  const { bank } = deps.config;
  // The order's keyed contact hash (made with the order): the contact is dropped on delivery.
  const { contactHash } = order;
  let window = { sum: 0, forContact: 0 };
  if (!written && evidence.kind === 'screenshot' && bank.policy === 'limit') {
    await lockLimitPolicy(tx);
    window = await unconfirmedWindow(tx, contactHash, now);
  }
  const decision =
    written ??
    decideDelivery({
      policy: bank.policy,
      evidence,
      price: order.price,
      unconfirmedSum: window.sum,
      unconfirmedForContact: window.forContact,
      limitMmk: bank.unconfirmedLimitMmk,
      perContact: bank.unconfirmedPerContact,
    });
  const columns = written ? {} : policyColumns(deps, decision, order.paidAt?.getTime() ?? now, now);
  // Held until the bank confirms.
  if (!decision.deliver) {
    if (written) return order;
    const held = await applyTransition(tx, {
      order,
      events: [{ type: 'heldForBank' }],
      actor: 'system',
      at: now,
      evidence: { policy: bank.policy },
      set: columns,
    });
    return held.order;
  }
  // Delivered on a screenshot alone: counted in the limit policy's 24-hour window.
  const [counted] = columns.unconfirmedDeliveryAt
    ? await setUnconfirmedDeliveryAt(tx, order.id, columns.unconfirmedDeliveryAt)
    : [order];
  if (decision.alert) {
    const alert: StaffAlertPayload = {
      event: 'order.payee_not_shown',
      orderId: order.id,
      number: order.number,
      paidAt: order.paidAt?.getTime() ?? now,
    };
    await queueStaffAlert(deps, tx, order.id, alert, now);
  }
  return assignOrWait(deps, tx, counted ?? order, now);
}

/** Queues a staff alert on every channel configured (the webhook and/or the staff email). */
export async function queueStaffAlert(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  orderId: string | null,
  payload: StaffAlertPayload,
  now: number,
) {
  const { staffEmail, staffWebhookUrl, smtpUrl } = deps.config.delivery;
  const kinds = [
    ...(staffWebhookUrl ? [STAFF_ALERT_WEBHOOK] : []),
    ...(staffEmail && smtpUrl ? [STAFF_ALERT_EMAIL] : []),
  ];
  const at = new Date(now);
  for (const kind of kinds) {
    await insertOutboxRow(tx, {
      kind,
      orderId,
      payload,
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
    });
  }
}

/**
 * Held orders whose promised time passed (issue #44 item 1): staff are alerted once per order
 * (held_overdue_alerted_at, set in the same statement that picks the order, so two instances
 * never both alert). Returns how many were alerted now.
 */
export async function alertOverdueHeld(
  deps: Pick<Deps, 'config' | 'database' | 'now'>,
): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const overdue = await markOverdueHeldAlerted(tx, new Date(now));
    for (const order of overdue) {
      const alert: StaffAlertPayload = {
        event: 'order.held_overdue',
        orderId: order.id,
        number: order.number,
        paidAt: (order.paidAt ?? order.createdAt).getTime(),
        promisedBy: order.promisedBy!.getTime(),
        bankState: order.bankState,
      };
      await queueStaffAlert(deps, tx, order.id, alert, now);
    }
    return overdue.length;
  });
}
