import type { Queries, Tx } from '../db/database';
import type { InstallProgressRow, messageOutbox, OrderRow, ProfileRow } from '../db/schema';
import type { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import type { DeliverySchema } from '../orders/schemas';
import { applyTransition, tryTransition, TransitionRefused } from '../orders/lifecycle-writes';
import type { StaffAlertPayload } from './message-texts';
import { orderFromSmdp } from '../provisioning/provisioning';
import { parseActivationCode } from './stock-csv';
import {
  forgetSentEmailAddresses,
  handProfileRow,
  inStockOrWaiting,
  inStockProfile,
  insertOutboxRow,
  installOfIccid,
  latestEmailOfOrder,
  lockWaitingOrders,
  markProfileDelivered,
  orderRow,
  profileByOrder,
} from './queries';

/**
 * Delivery (issue #17, decisions 036–039). A profile is taken in the transaction that records
 * the payment (`FOR UPDATE SKIP LOCKED`, so parallel payments never share one); with none in
 * stock the order waits, staff are alerted in the same transaction, and an import (stock.ts) or
 * the outbox worker's next round hands profiles to waiting orders in order of payment. The
 * staff's view of orders is in staff-orders.ts.
 */

export const ESIM_EMAIL = 'esim_email';
export const STAFF_ALERT_EMAIL = 'staff_alert_email';
export const STAFF_ALERT_WEBHOOK = 'staff_alert_webhook';
/** A paid order, posted to the staff webhook (queued only when one is configured). */
export const ORDER_PAID = 'order.paid';
/** The buyer's email while the eSIM is held for the bank (issue #44 item 2). */
export const HELD_EMAIL = 'held_email';

/** What an esim_email outbox row carries. The link holds the order token (decision 038). */
export type EsimEmailPayload = {
  to: string | null;
  language: 'en' | 'my';
  link: string | null;
  /** Queued for an order held for the bank: the email says the eSIM is now released. */
  held?: boolean;
};

/** What a held_email row carries: the eSIM email's fields and the promised time (epoch ms). */
export type HeldEmailPayload = Omit<EsimEmailPayload, 'held'> & { promisedBy: number | null };

export type { EmailState } from '#domain/order-life';

/** An order's delivery as the buyer's answer carries it (the contract in orders/schemas.ts). */
export type Delivery = z.infer<typeof DeliverySchema>;

/** The order page link the email carries, in the buyer's language (the page opens in it). */
export const orderLink = (shopUrl: string, orderId: string, token: string, language: 'en' | 'my') =>
  `${shopUrl}/#/order/${orderId}?token=${encodeURIComponent(token)}&lang=${language}`;

/**
 * Inside the payment's transaction: the paid order's profile, from where its operator's
 * profiles come (issue #27): ordered from the SM-DP+ (the order reads `provisioning` until the
 * provisioning worker has it), or one in-stock profile of its operator and plan, or else it is
 * marked waiting for stock and the staff alerts are queued. Returns the order row.
 */
export async function assignOrWait(
  deps: Pick<Deps, 'config' | 'randomUUID'>,
  tx: Tx,
  order: OrderRow,
  now: number,
): Promise<OrderRow> {
  return (await orderFromSmdp(deps, tx, order, now)) ?? stockOrWait(deps, tx, order, now);
}

/**
 * The stock source: one in-stock profile of the order's operator and plan, or the order waits
 * for stock with staff alerted. Also where an order goes that its SM-DP+ could not serve.
 */
export async function stockOrWait(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  order: OrderRow,
  now: number,
): Promise<OrderRow> {
  const paidAt = order.paidAt?.getTime() ?? now;
  const promisedBy = new Date(paidAt + deps.config.delivery.stockPromiseMs);
  // The profile, or else the order marked waiting: one statement (decision 107).
  const { rows, transition } = await inStockOrWaiting(
    tx,
    {
      order,
      events: [{ type: 'waitingForStock' }],
      actor: 'system',
      at: now,
      evidence: { operatorId: order.operatorId, planId: order.planId },
      set: { promisedBy },
    },
    shelfOf(order),
  );
  const [found] = rows;
  if (found?.profileId) return (await handProfile(deps, tx, order, found.profileId, now)) ?? order;
  if (!found?.waiting.id) {
    throw new TransitionRefused(
      'state_changed',
      'The order changed meanwhile: not waiting for stock.',
    );
  }
  const waiting = { order: found.waiting, transition };
  if (waiting.transition.effects.includes('staffAlert')) {
    const alert: StaffAlertPayload = {
      event: 'order.waiting_for_stock',
      orderId: order.id,
      number: order.number,
      operatorId: order.operatorId,
      planId: order.planId,
      paidAt,
      promisedBy: promisedBy.getTime(),
    };
    const { staffEmail, staffWebhookUrl, smtpUrl } = deps.config.delivery;
    const kinds = [
      ...(staffWebhookUrl ? [STAFF_ALERT_WEBHOOK] : []),
      ...(staffEmail && smtpUrl ? [STAFF_ALERT_EMAIL] : []),
    ];
    for (const kind of kinds) {
      await insertOutboxRow(tx, {
        kind,
        orderId: order.id,
        payload: alert,
        attempts: 0,
        nextAttemptAt: new Date(now),
        createdAt: new Date(now),
      });
    }
  }
  return waiting.order;
}

/** The values {@link inStock} takes for an order. */
const shelfOf = (order: OrderRow) => ({
  operatorId: order.operatorId,
  planId: order.planId,
  // A demo decision gets only demo profiles, a real one never (issue #23, decision 068).
  demo: order.verifiedBy === 'demo',
});

/** Takes the oldest in-stock profile for the order (skipping rows other payments hold). */
async function takeProfile(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  order: OrderRow,
  now: number,
): Promise<OrderRow | null> {
  const [profile] = await inStockProfile({ db: tx }).execute(shelfOf(order));
  return profile ? handProfile(deps, tx, order, profile.id, now) : null;
}

/** Hands the locked in-stock profile `profileId` to the order (handOver's columns on both). */
async function handProfile(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  order: OrderRow,
  profileId: string,
  now: number,
): Promise<OrderRow | null> {
  const handed = handOver(deps, order, now);
  const [profile] = await handProfileRow(tx, profileId, {
    ...handed.profile,
    orderId: order.id,
    assignedAt: new Date(now),
  });
  const { order: assigned } = await applyTransition(tx, {
    order,
    events: [{ type: 'profileHanded', emailed: handed.emailed }],
    actor: 'system',
    at: now,
    evidence: { source: profile?.source ?? 'stock' },
    set: handed.order,
  });
  if (profile) handedProfiles.set(assigned, profile);
  return assigned;
}

/**
 * The profile a transaction just handed to an order, by the order row it returned (decision
 * 107): the payment's answer shows its eSIM without reading the profile again after the commit.
 */
const handedProfiles = new WeakMap<OrderRow, ProfileRow>();

/** The profile handed to `order` in this transaction (the row {@link assignOrWait} returned). */
export const handedProfileOf = (order: OrderRow): ProfileRow | undefined =>
  handedProfiles.get(order);

/** Whether an email will carry the order's eSIM (else the answer that shows it delivers it). */
export function emailCarriesEsim(deps: Pick<Deps, 'config'>, order: OrderRow): boolean {
  return (
    Boolean(deps.config.delivery.smtpUrl) &&
    order.source === 'shop' &&
    order.contactKind === 'email' &&
    Boolean(order.contact)
  );
}

/**
 * How a profile is handed to an order, in the transaction that does it (the `profileHanded`
 * event, `emailed` or not, and the columns written with it). Without an email
 * to send (a Viber contact, a partner order, a shop without SMTP) the eSIM is delivered there and
 * then: the answers that show it only read (issue #25, "a GET writes nothing"), and the contact,
 * no longer needed, is dropped as the orders table promises. With an email, the outbox worker
 * marks it delivered once the email is sent.
 */
export function handOver(deps: Pick<Deps, 'config'>, order: OrderRow, now: number) {
  if (emailCarriesEsim(deps, order)) {
    return {
      emailed: true,
      order: { promisedBy: null },
      profile: { state: 'assigned' as const },
    };
  }
  return {
    emailed: false,
    order: { promisedBy: null, contact: null },
    profile: { state: 'delivered' as const, deliveredAt: new Date(now) },
  };
}

/**
 * Queues the eSIM email of a paid shop order (in the payment's transaction). An order held for
 * the bank gets an email now that says so, and its eSIM email, sent once released, says it is
 * released (issue #44 item 2).
 */
export async function queueEsimEmail(tx: Tx, order: OrderRow, link: string | null, now: number) {
  const held = order.deliveryState === 'held';
  const payload: EsimEmailPayload = {
    to: order.contact,
    language: order.language,
    link,
    ...(held ? { held: true } : {}),
  };
  const at = new Date(now);
  await insertOutboxRow(tx, {
    kind: ESIM_EMAIL,
    orderId: order.id,
    payload,
    attempts: 0,
    nextAttemptAt: at,
    createdAt: at,
  });
  if (!held) return;
  const heldPayload: HeldEmailPayload = {
    to: order.contact,
    language: order.language,
    link,
    promisedBy: order.promisedBy?.getTime() ?? null,
  };
  await insertOutboxRow(tx, {
    kind: HELD_EMAIL,
    orderId: order.id,
    payload: heldPayload,
    attempts: 0,
    nextAttemptAt: at,
    createdAt: at,
  });
}

/**
 * Hands in-stock profiles to orders waiting for stock, oldest payment first. Orders another
 * process is handling are skipped (SKIP LOCKED); returns how many were assigned.
 */
export async function deliverWaiting(
  deps: Pick<Deps, 'config' | 'database' | 'now'>,
): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const waiting = await lockWaitingOrders(tx);
    const empty = new Set<string>();
    let assigned = 0;
    for (const order of waiting) {
      const shelf = `${order.operatorId}/${order.planId}/${order.verifiedBy === 'demo'}`;
      if (empty.has(shelf)) continue;
      if (await takeProfile(deps, tx, order, deps.now())) assigned += 1;
      else empty.add(shelf);
    }
    return assigned;
  });
}

/** The profile on an order (any state), or null. */
export async function profileOf(db: Queries, orderId: string): Promise<ProfileRow | null> {
  const [row] = await profileByOrder(db, orderId);
  return row ?? null;
}

export type EmailRow = typeof messageOutbox.$inferSelect;

export async function latestEmail(db: Queries, orderId: string): Promise<EmailRow | null> {
  const [row] = await latestEmailOfOrder(db, orderId, ESIM_EMAIL);
  return row ?? null;
}

export function emailStateOf(
  row: Pick<EmailRow, 'sentAt' | 'lastError' | 'attempts'> | null,
): Delivery['email'] {
  if (!row) return { state: 'not_applicable', attempts: 0 };
  if (row.sentAt) {
    return { state: row.lastError ? 'not_applicable' : 'sent', attempts: row.attempts };
  }
  return { state: row.attempts > 0 ? 'retrying' : 'queued', attempts: row.attempts };
}

/** The delivery as a row alone says it (no eSIM, no email): for answers that are kept. */
export function rowDelivery(row: OrderRow): Delivery {
  return {
    state: row.deliveryState,
    esim: null,
    promisedBy:
      row.deliveryState === 'waiting_for_stock' || row.deliveryState === 'held'
        ? (row.promisedBy?.getTime() ?? null)
        : null,
    reason: row.deliveryState === 'held' ? 'awaiting_bank_confirmation' : null,
    email: { state: 'not_applicable', attempts: 0 },
  };
}

export function esimOf(
  profile: ProfileRow | null,
  install: InstallProgressRow | null = null,
): Delivery['esim'] {
  if (!profile || (profile.state !== 'assigned' && profile.state !== 'delivered')) return null;
  const parts = parseActivationCode(profile.activationCode);
  return {
    iccid: profile.iccid,
    activationCode: profile.activationCode,
    smdpAddress: parts?.smdpAddress ?? '',
    matchingId: parts?.matchingId ?? '',
    installState: install?.state ?? null,
    installStateAt: install?.stateAt.getTime() ?? null,
  };
}

/** The install progress of a profile (ES2+ profiles only; stock profiles have none). */
export async function installOf(
  db: Queries,
  profile: ProfileRow | null,
): Promise<InstallProgressRow | null> {
  if (!profile || profile.source !== 'es2plus') return null;
  const [row] = await installOfIccid(db, profile.iccid);
  return row ?? null;
}

/** The profile on an order and its eSIM as answers show it. */
export async function esimOfOrder(db: Queries, orderId: string): Promise<Delivery['esim']> {
  const profile = await profileOf(db, orderId);
  return esimOf(profile, await installOf(db, profile));
}

/** The whole delivery of an order, eSIM included: only for its buyer (token) or staff. */
export async function deliveryOf(db: Queries, row: OrderRow): Promise<Delivery> {
  if (row.deliveryState === 'none') return rowDelivery(row);
  const [esim, email] = await Promise.all([esimOfOrder(db, row.id), latestEmail(db, row.id)]);
  return { ...rowDelivery(row), esim, email: emailStateOf(email) };
}

/**
 * Marks an assigned order delivered (its profile too) and drops the contact, as the orders
 * table promises once the eSIM is delivered. Returns the order row, or null if not assigned.
 */
export async function markDelivered(tx: Queries, orderId: string, now: number) {
  const [current] = await orderRow(tx, orderId);
  if (current?.deliveryState !== 'assigned') return null;
  const sent = await tryTransition(tx, {
    order: current,
    events: [{ type: 'emailSent' }],
    actor: 'system',
    at: now,
    set: { contact: null },
  });
  // Withdrawn meanwhile: the email went, the order stays withdrawn.
  if (sent instanceof TransitionRefused) return null;
  await markProfileDelivered(tx, orderId, new Date(now));
  return sent.order;
}

/** Forgets the address and order link of eSIM emails sent more than `olderThanMs` ago. */
export async function pruneSentEmails(deps: Pick<Deps, 'database' | 'now'>, olderThanMs: number) {
  await forgetSentEmailAddresses(deps.database.db, ESIM_EMAIL, new Date(deps.now() - olderThanMs));
}
