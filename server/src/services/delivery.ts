import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OperatorId } from '../../../src/config/catalogue';
import type { Db } from '../db/database';
import {
  orders,
  outbox,
  profiles,
  type DeliveryState,
  type OrderRow,
  type ProfileRow,
} from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import type { StaffAlertPayload } from './delivery-email';
import { parseActivationCode, parseStockCsv } from './stock-csv';

/**
 * Stock and delivery (issue #17, decisions 036–039). A profile is taken in the transaction that
 * records the payment (`FOR UPDATE SKIP LOCKED`, so parallel payments never share one); with
 * none in stock the order waits, staff are alerted in the same transaction, and an import (or
 * the outbox worker's next round) hands profiles to waiting orders in order of payment.
 */

/** A transaction of the query layer (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queries = Db | Tx;

export const ESIM_EMAIL = 'esim_email';
export const STAFF_ALERT_EMAIL = 'staff_alert_email';
export const STAFF_ALERT_WEBHOOK = 'staff_alert_webhook';

/** What an esim_email outbox row carries. The link holds the order token (decision 038). */
export type EsimEmailPayload = { to: string | null; language: 'en' | 'my'; link: string | null };

export type EmailState = 'not_applicable' | 'queued' | 'sent' | 'retrying';

export type Delivery = {
  state: DeliveryState;
  esim: null | { iccid: string; activationCode: string; smdpAddress: string; matchingId: string };
  promisedBy: number | null;
  email: { state: EmailState; attempts: number };
};

/** The order page link the email carries. */
export const orderLink = (shopUrl: string, orderId: string, token: string) =>
  `${shopUrl}/#/order/${orderId}?token=${encodeURIComponent(token)}`;

/**
 * Inside the payment's transaction: give the paid order one in-stock profile of its operator
 * and plan, or mark it waiting for stock and queue the staff alerts. Returns the order row.
 */
export async function assignOrWait(
  deps: Pick<Deps, 'config' | 'randomUUID'>,
  tx: Tx,
  order: OrderRow,
  now: number,
): Promise<OrderRow> {
  const assigned = await takeProfile(tx, order, now);
  if (assigned) return assigned;
  const paidAt = order.paidAt?.getTime() ?? now;
  const promisedBy = new Date(paidAt + deps.config.delivery.stockPromiseMs);
  const [waiting] = await tx
    .update(orders)
    .set({ deliveryState: 'waiting_for_stock', promisedBy })
    .where(eq(orders.id, order.id))
    .returning();
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
    await tx.insert(outbox).values({
      kind,
      orderId: order.id,
      payload: alert,
      attempts: 0,
      nextAttemptAt: new Date(now),
      createdAt: new Date(now),
    });
  }
  return waiting ?? order;
}

/** Takes the oldest in-stock profile for the order (skipping rows other payments hold). */
async function takeProfile(tx: Tx, order: OrderRow, now: number): Promise<OrderRow | null> {
  const [profile] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.operatorId, order.operatorId),
        eq(profiles.planId, order.planId),
        eq(profiles.state, 'in_stock'),
      ),
    )
    .orderBy(asc(profiles.importedAt), asc(profiles.iccid))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!profile) return null;
  await tx
    .update(profiles)
    .set({ state: 'assigned', orderId: order.id, assignedAt: new Date(now) })
    .where(eq(profiles.id, profile.id));
  const [assigned] = await tx
    .update(orders)
    .set({ deliveryState: 'assigned', promisedBy: null })
    .where(eq(orders.id, order.id))
    .returning();
  return assigned ?? null;
}

/** Queues the eSIM email of a paid shop order (in the payment's transaction). */
export async function queueEsimEmail(tx: Tx, order: OrderRow, link: string | null, now: number) {
  const payload: EsimEmailPayload = { to: order.contact, language: order.language, link };
  await tx.insert(outbox).values({
    kind: ESIM_EMAIL,
    orderId: order.id,
    payload,
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
}

/**
 * Hands in-stock profiles to orders waiting for stock, oldest payment first. Orders another
 * process is handling are skipped (SKIP LOCKED); returns how many were assigned.
 */
export async function deliverWaiting(deps: Pick<Deps, 'database' | 'now'>): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(orders)
      .where(eq(orders.deliveryState, 'waiting_for_stock'))
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(1000)
      .for('update', { skipLocked: true });
    const empty = new Set<string>();
    let assigned = 0;
    for (const order of waiting) {
      const shelf = `${order.operatorId}/${order.planId}`;
      if (empty.has(shelf)) continue;
      if (await takeProfile(tx, order, deps.now())) assigned += 1;
      else empty.add(shelf);
    }
    return assigned;
  });
}

/** The profile on an order (any state), or null. */
export async function profileOf(db: Queries, orderId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.orderId, orderId)).limit(1);
  return row ?? null;
}

type EmailRow = typeof outbox.$inferSelect;

async function latestEmail(db: Queries, orderId: string): Promise<EmailRow | null> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, ESIM_EMAIL)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ?? null;
}

export function emailStateOf(row: EmailRow | null): Delivery['email'] {
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
      row.deliveryState === 'waiting_for_stock' ? (row.promisedBy?.getTime() ?? null) : null,
    email: { state: 'not_applicable', attempts: 0 },
  };
}

export function esimOf(profile: ProfileRow | null): Delivery['esim'] {
  if (!profile || (profile.state !== 'assigned' && profile.state !== 'delivered')) return null;
  const parts = parseActivationCode(profile.activationCode);
  return {
    iccid: profile.iccid,
    activationCode: profile.activationCode,
    smdpAddress: parts?.smdpAddress ?? '',
    matchingId: parts?.matchingId ?? '',
  };
}

/** The whole delivery of an order, eSIM included: only for its buyer (token) or staff. */
export async function deliveryOf(db: Queries, row: OrderRow): Promise<Delivery> {
  if (row.deliveryState === 'none') return rowDelivery(row);
  const [profile, email] = await Promise.all([profileOf(db, row.id), latestEmail(db, row.id)]);
  return { ...rowDelivery(row), esim: esimOf(profile), email: emailStateOf(email) };
}

/**
 * Marks an assigned order delivered (its profile too) and drops the contact, as the orders
 * table promises once the eSIM is delivered. Returns the order row, or null if not assigned.
 */
export async function markDelivered(tx: Queries, orderId: string, now: number) {
  const [order] = await tx
    .update(orders)
    .set({ deliveryState: 'delivered', contact: null })
    .where(and(eq(orders.id, orderId), eq(orders.deliveryState, 'assigned')))
    .returning();
  if (!order) return null;
  await tx
    .update(profiles)
    .set({ state: 'delivered', deliveredAt: new Date(now) })
    .where(and(eq(profiles.orderId, orderId), eq(profiles.state, 'assigned')));
  return order;
}

/**
 * The buyer (or partner) has the eSIM on screen: without an email on its way, that is the
 * delivery (Viber contacts, partner orders, a shop without SMTP). Returns the current row.
 */
export async function markSeen(deps: Pick<Deps, 'database' | 'now'>, row: OrderRow) {
  if (row.deliveryState !== 'assigned') return row;
  const { db } = deps.database;
  if (await latestEmail(db, row.id)) return row;
  return (await markDelivered(db, row.id, deps.now())) ?? row;
}

// ---- Stock ---------------------------------------------------------------------------------

export type ImportResult = { imported: number; deliveredWaiting: number };

const refused = (details: { line: number; problem: string }[]) =>
  new ApiError(
    422,
    'invalid_csv',
    `The file was refused: ${details.length} problem${details.length === 1 ? '' : 's'}. Nothing was imported.`,
    {},
    details,
  );

/** Validates a stock file whole, imports it in one transaction, then serves waiting orders. */
export async function importStock(
  deps: Pick<Deps, 'database' | 'now' | 'randomUUID'>,
  text: string,
): Promise<ImportResult> {
  const { rows, problems } = parseStockCsv(text);
  const { db } = deps.database;
  if (rows.length > 0) {
    const known: { iccid: string; activationCode: string }[] = [];
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      known.push(
        ...(await db
          .select({ iccid: profiles.iccid, activationCode: profiles.activationCode })
          .from(profiles)
          .where(
            or(
              inArray(
                profiles.iccid,
                chunk.map((row) => row.iccid),
              ),
              inArray(
                profiles.activationCode,
                chunk.map((row) => row.activationCode),
              ),
            ),
          )),
      );
    }
    const iccids = new Set(known.map((row) => row.iccid));
    const codes = new Set(known.map((row) => row.activationCode));
    for (const row of rows) {
      if (iccids.has(row.iccid)) {
        problems.push({ line: row.line, problem: `ICCID ${row.iccid} is already in stock.` });
      }
      if (codes.has(row.activationCode)) {
        problems.push({ line: row.line, problem: 'The activation code is already in stock.' });
      }
    }
  }
  if (problems.length > 0) {
    throw refused(problems.sort((a, b) => a.line - b.line));
  }
  const importedAt = new Date(deps.now());
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await tx.insert(profiles).values(
          rows.slice(start, start + 500).map((row) => ({
            id: deps.randomUUID(),
            operatorId: row.operatorId,
            planId: row.planId,
            iccid: row.iccid,
            activationCode: row.activationCode,
            state: 'in_stock' as const,
            importedAt,
          })),
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw refused([
        { line: 1, problem: 'Another import added some of these profiles at the same moment.' },
      ]);
    }
    throw error;
  }
  const deliveredWaiting = await deliverWaiting(deps);
  return { imported: rows.length, deliveredWaiting };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object';) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type StockLine = {
  operatorId: string;
  planId: string;
  inStock: number;
  assigned: number;
  delivered: number;
  withdrawn: number;
};

export async function stockReport(
  deps: Pick<Deps, 'database'>,
): Promise<{ stock: StockLine[]; waitingOrders: number }> {
  const { db } = deps.database;
  const counts = await db
    .select({
      operatorId: profiles.operatorId,
      planId: profiles.planId,
      state: profiles.state,
      n: count(),
    })
    .from(profiles)
    .groupBy(profiles.operatorId, profiles.planId, profiles.state);
  const [waiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.deliveryState, 'waiting_for_stock'));
  const lines = new Map<string, StockLine>();
  const key = {
    in_stock: 'inStock',
    assigned: 'assigned',
    delivered: 'delivered',
    withdrawn: 'withdrawn',
  } as const;
  for (const row of counts) {
    const id = `${row.operatorId}/${row.planId}`;
    const line = lines.get(id) ?? {
      operatorId: row.operatorId,
      planId: row.planId,
      inStock: 0,
      assigned: 0,
      delivered: 0,
      withdrawn: 0,
    };
    line[key[row.state]] += Number(row.n);
    lines.set(id, line);
  }
  // Waiting orders name a shelf too, even when it never had stock.
  const shelves = await db
    .selectDistinct({ operatorId: orders.operatorId, planId: orders.planId })
    .from(orders)
    .where(eq(orders.deliveryState, 'waiting_for_stock'));
  for (const shelf of shelves) {
    const id = `${shelf.operatorId}/${shelf.planId}`;
    if (!lines.has(id)) {
      lines.set(id, { ...shelf, inStock: 0, assigned: 0, delivered: 0, withdrawn: 0 });
    }
  }
  const stock = [...lines.values()].sort(
    (a, b) => a.operatorId.localeCompare(b.operatorId) || a.planId.localeCompare(b.planId),
  );
  return { stock, waitingOrders: Number(waiting?.n ?? 0) };
}

// ---- Staff ---------------------------------------------------------------------------------

export type StaffOrder = {
  id: string;
  number: string;
  planId: string;
  operatorId: OperatorId;
  status: OrderRow['status'];
  deliveryState: DeliveryState;
  contactKind: OrderRow['contactKind'];
  transactionId: string | null;
  paidAt: number | null;
  createdAt: number;
  iccid: string | null;
  emailAttempts: number;
  emailLastError: string | null;
  emailSentAt: number | null;
};

function toStaffOrder(row: OrderRow, profile: ProfileRow | null, email: EmailRow | null) {
  const order: StaffOrder = {
    id: row.id,
    number: row.number,
    planId: row.planId,
    operatorId: row.operatorId as OperatorId,
    status: row.status,
    deliveryState: row.deliveryState,
    contactKind: row.contactKind,
    transactionId: row.transactionId,
    paidAt: row.paidAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    iccid: profile?.iccid ?? null,
    emailAttempts: email?.attempts ?? 0,
    emailLastError: email?.lastError ?? null,
    emailSentAt: email?.sentAt?.getTime() ?? null,
  };
  return order;
}

async function staffOrdersOf(db: Queries, rows: OrderRow[]): Promise<StaffOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [found, emails] = await Promise.all([
    db.select().from(profiles).where(inArray(profiles.orderId, ids)),
    db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.orderId, ids), eq(outbox.kind, ESIM_EMAIL)))
      .orderBy(asc(outbox.id)),
  ]);
  const profileBy = new Map(found.map((profile) => [profile.orderId, profile]));
  const emailBy = new Map(emails.map((email) => [email.orderId, email]));
  return rows.map((row) =>
    toStaffOrder(row, profileBy.get(row.id) ?? null, emailBy.get(row.id) ?? null),
  );
}

export async function listStaffOrders(
  deps: Pick<Deps, 'database'>,
  options: { limit: number; before?: number | undefined },
): Promise<StaffOrder[]> {
  const { db } = deps.database;
  const rows = await db
    .select()
    .from(orders)
    .where(options.before ? lt(orders.createdAt, new Date(options.before)) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);
  return staffOrdersOf(db, rows);
}

async function staffOrderById(db: Queries, id: string): Promise<OrderRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [row] = uuid.test(id)
    ? await db.select().from(orders).where(eq(orders.id, id)).limit(1)
    : [];
  if (!row) throw new ApiError(404, 'not_found', `No order ${id}.`);
  return row;
}

/** Queues the eSIM email again (a new outbox row, the address and link of the last one). */
export async function resendEmail(deps: Pick<Deps, 'database' | 'now'>, id: string) {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  if (row.contactKind !== 'email') {
    throw new ApiError(409, 'conflict', `Order ${row.number} has a Viber contact: no email.`);
  }
  if (row.deliveryState !== 'assigned' && row.deliveryState !== 'delivered') {
    throw new ApiError(409, 'conflict', `Order ${row.number} has no eSIM to send.`);
  }
  const last = await latestEmail(db, row.id);
  const previous = (last?.payload ?? {}) as Partial<EsimEmailPayload>;
  const to = previous.to ?? row.contact;
  if (!to) {
    throw new ApiError(
      409,
      'conflict',
      `Order ${row.number}: the buyer’s address is no longer kept.`,
    );
  }
  const now = new Date(deps.now());
  const payload: EsimEmailPayload = {
    to,
    language: previous.language ?? row.language,
    link: previous.link ?? null,
  };
  await db.insert(outbox).values({
    kind: ESIM_EMAIL,
    orderId: row.id,
    payload,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/** Withdraws the order's profile (a refund): never shown or sent again, emails cancelled. */
export async function withdrawProfile(
  deps: Pick<Deps, 'database' | 'now'>,
  id: string,
): Promise<StaffOrder> {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  const now = new Date(deps.now());
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.orderId, row.id))
      .for('update');
    if (!profile) {
      throw new ApiError(409, 'conflict', `Order ${row.number} has no eSIM profile to withdraw.`);
    }
    if (profile.state === 'withdrawn') return;
    await tx
      .update(profiles)
      .set({ state: 'withdrawn', withdrawnAt: now })
      .where(eq(profiles.id, profile.id));
    await tx.update(orders).set({ deliveryState: 'withdrawn' }).where(eq(orders.id, row.id));
    // Nothing more goes out for it, and the order link (its token) is no longer kept.
    await tx
      .update(outbox)
      .set({ sentAt: now, lastError: 'cancelled: profile withdrawn' })
      .where(and(eq(outbox.orderId, row.id), eq(outbox.kind, ESIM_EMAIL), isNull(outbox.sentAt)));
    await tx
      .update(outbox)
      .set({ payload: sql`${outbox.payload} - 'link' - 'to'` })
      .where(and(eq(outbox.orderId, row.id), eq(outbox.kind, ESIM_EMAIL)));
  });
  const [current] = await db.select().from(orders).where(eq(orders.id, row.id));
  const [order] = await staffOrdersOf(db, [current ?? row]);
  return order!;
}

/** Forgets the address and order link of eSIM emails sent more than `olderThanMs` ago. */
export async function pruneSentEmails(deps: Pick<Deps, 'database' | 'now'>, olderThanMs: number) {
  await deps.database.db
    .update(outbox)
    .set({ payload: sql`${outbox.payload} - 'link' - 'to'` })
    .where(
      and(
        eq(outbox.kind, ESIM_EMAIL),
        isNotNull(outbox.sentAt),
        lt(outbox.sentAt, new Date(deps.now() - olderThanMs)),
        sql`(${outbox.payload} ? 'to' OR ${outbox.payload} ? 'link')`,
      ),
    );
}
