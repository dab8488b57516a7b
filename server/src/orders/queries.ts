import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Queries, Tx } from '../db/database';
import { preparedStatement } from '../db/prepared';
import {
  messageOutbox,
  orderLinks,
  orderRequests,
  orders,
  profiles,
  providerPayments,
  refunds,
  serverSecrets,
  type OrderRequestRow,
  type OrderRow,
} from '../db/schema';

/**
 * The server secret named `name`: kept as `value` when there is none yet, and read back (the
 * first writer's value wins when two processes start together).
 */
export async function keepServerSecret(
  db: Db,
  secret: { name: string; value: string; createdAt: Date },
): Promise<string | undefined> {
  await db.insert(serverSecrets).values(secret).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, secret.name));
  return row?.value;
}

/**
 * The refund round's claim (decision 137): up to `limit` pending refunds of `methods` that are
 * due and not past `maxChecks`, taken by moving `next_check_at` to `now + leaseMs` (SKIP LOCKED,
 * so another copy of the server skips them).
 */
export async function claimDueRefunds(
  db: Db,
  claim: {
    methods: (typeof refunds.$inferSelect)['method'][];
    maxChecks: number;
    now: number;
    leaseMs: number;
    limit: number;
  },
) {
  if (claim.methods.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(
        and(
          eq(refunds.state, 'pending'),
          inArray(refunds.method, claim.methods),
          lt(refunds.checks, claim.maxChecks),
          or(isNull(refunds.nextCheckAt), lte(refunds.nextCheckAt, new Date(claim.now))),
        ),
      )
      .orderBy(asc(refunds.nextCheckAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ nextCheckAt: new Date(claim.now + claim.leaseMs) })
      .where(
        inArray(
          refunds.orderId,
          due.map((row) => row.orderId),
        ),
      )
      .returning();
  });
}

/** A still-pending refund's next check: its count of checks and when it is due again. */
export async function scheduleRefundCheck(
  db: Db,
  orderId: string,
  next: { checks: number; nextCheckAt: Date },
) {
  await db
    .update(refunds)
    .set(next)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending')));
}

/** Queues a lookup email's request (the outbox worker searches later). */
export const insertLookupRequest = (
  db: Db,
  message: { kind: string; payload: unknown; nextAttemptAt: Date; createdAt: Date },
) =>
  db.insert(messageOutbox).values({
    kind: message.kind,
    payload: message.payload,
    attempts: 0,
    nextAttemptAt: message.nextAttemptAt,
    createdAt: message.createdAt,
  });

/**
 * The paid shop orders with an email contact and a profile not withdrawn, of the address with
 * this contact hash (or, made before the hash was kept, this lowercased address), the first
 * 500 by payment time.
 */
export const paidOrdersOfAddress = (db: Db, hash: string, address: string) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        eq(orders.source, 'shop'),
        eq(orders.contactKind, 'email'),
        ne(orders.deliveryState, 'withdrawn'),
        or(
          eq(orders.contactHash, hash),
          // Orders made before the hash was kept, whose contact is still there.
          and(isNull(orders.contactHash), sql`lower(${orders.contact}) = ${address}`),
        ),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(500);

/** Stores a new link (its token's hash) to an order. */
export const insertOrderLink = (tx: Tx, link: typeof orderLinks.$inferInsert) =>
  tx.insert(orderLinks).values(link);

/** Replaces the outbox message's payload. */
export const setOutboxPayload = (tx: Tx, outboxId: number, payload: unknown) =>
  tx.update(messageOutbox).set({ payload }).where(eq(messageOutbox.id, outboxId));

/** An order by its id, prepared once per database (decision 100): every buyer's request reads one. */
const orderByIdStatement = preparedStatement((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_by_id'),
);

/** The order with this id (the prepared statement, at most one row). */
export const orderById = (db: Db, id: string) => orderByIdStatement({ db }).execute({ id });

/** The order with this id, read in the caller's transaction or on the database. */
export const orderOf = (q: Queries, id: string) => q.select().from(orders).where(eq(orders.id, id));

/** The order with this id, locked until the transaction ends (FOR UPDATE). */
export const lockOrder = (tx: Tx, id: string) =>
  tx.select().from(orders).where(eq(orders.id, id)).for('update');

/** A Find my eSIMs link (decision 073) to this order with this token's hash, not yet expired. */
export const liveOrderLink = (db: Db, orderId: string, tokenHash: string, now: number) =>
  db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.tokenHash, tokenHash),
        eq(orderLinks.orderId, orderId),
        // Lookup links expire (LOOKUP_LINK_DAYS, review N4); the order's own token never does.
        gt(orderLinks.expiresAt, new Date(now)),
      ),
    )
    .limit(1);

/** The partner key's order with this id or this number (with its `#`). */
export const partnerOrderBy = (db: Db, keyId: string, by: { id: string } | { number: string }) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        'id' in by ? eq(orders.id, by.id) : eq(orders.number, by.number),
        eq(orders.partnerKeyId, keyId),
      ),
    )
    .limit(1);

/** The order's contact changed only while it awaits payment and has not expired at `now`. */
export const setContactWhileOpen = (
  db: Db,
  orderId: string,
  contact: Pick<OrderRow, 'contact' | 'contactKind' | 'contactHash'>,
  now: number,
) =>
  db
    .update(orders)
    .set(contact)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'awaiting_payment'),
        gte(orders.expiresAt, new Date(now)),
      ),
    )
    .returning();

/** Queues a message in the outbox (an email, a staff message), in the caller's transaction. */
export const insertOutboxMessage = (tx: Tx, message: typeof messageOutbox.$inferInsert) =>
  tx.insert(messageOutbox).values(message);

/** The order's latest request (open or decided), in the caller's transaction or on the database. */
export const latestRequestOf = (q: Queries, orderId: string) =>
  q
    .select()
    .from(orderRequests)
    .where(eq(orderRequests.orderId, orderId))
    .orderBy(desc(orderRequests.createdAt))
    .limit(1);

/** A request by its id. */
export const requestOf = (q: Queries, id: string) =>
  q.select().from(orderRequests).where(eq(orderRequests.id, id));

/** Records a buyer's request (a partial unique index lets one open request per order in). */
export const insertRequest = (tx: Tx, request: typeof orderRequests.$inferInsert) =>
  tx.insert(orderRequests).values(request).returning();

/** The request's email address dropped (its answer was queued). */
export const forgetRequestEmail = (tx: Tx, requestId: string) =>
  tx.update(orderRequests).set({ email: null }).where(eq(orderRequests.id, requestId));

/** Closes the request with a decision, only while it is still open (no row: decided meanwhile). */
export const closeOpenRequest = (
  tx: Tx,
  requestId: string,
  decision: Pick<OrderRequestRow, 'state' | 'staffReason' | 'decidedBy' | 'decidedAt'>,
) =>
  tx
    .update(orderRequests)
    .set(decision)
    .where(and(eq(orderRequests.id, requestId), eq(orderRequests.state, 'open')))
    .returning();

/** Requests for staff: open ones first, then the latest decided; at most `limit`. */
export const requestsForStaff = (db: Db, limit: number) =>
  db
    .select()
    .from(orderRequests)
    .orderBy(sql`${orderRequests.state} = 'open' desc`, desc(orderRequests.createdAt))
    .limit(limit);

/** The order's refund (one per order: the refunds table's key), if any. */
export const refundOf = (q: Queries, orderId: string) =>
  q.select().from(refunds).where(eq(refunds.orderId, orderId));

/** Records a refund unless the order has one (no row then). */
export const insertRefund = (tx: Tx, refund: typeof refunds.$inferInsert) =>
  tx.insert(refunds).values(refund).onConflictDoNothing().returning();

/**
 * Writes `values` on the order's refund if it is still in `state`: a failed refund taken again, a
 * provider's answer on a pending one (no row: it has left that state already).
 */
export const updateRefundIn = (
  tx: Tx,
  orderId: string,
  state: 'failed' | 'pending',
  values: Partial<typeof refunds.$inferInsert>,
) =>
  tx
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, state)))
    .returning();

/** Up to 50 refunds pending at a provider (2C2P, KBZPay), as order ids. */
export const pendingProviderRefunds = (db: Db) =>
  db
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), inArray(refunds.method, ['2c2p', 'kbzpay'])))
    .limit(50);

/** The order's paid invoice at a payment provider, if it was paid through one. */
export const paidInvoiceOf = (q: Queries, orderId: string) =>
  q
    .select()
    .from(providerPayments)
    .where(and(eq(providerPayments.orderId, orderId), eq(providerPayments.state, 'paid')))
    .limit(1);

/** The order's profile, locked until the transaction ends (FOR UPDATE). */
export const lockProfileOfOrder = (tx: Tx, orderId: string) =>
  tx.select().from(profiles).where(eq(profiles.orderId, orderId)).for('update');

/** A replaced order's old profile withdrawn: it keeps the order as `replacedOrderId`. */
export const withdrawReplacedProfile = (
  tx: Tx,
  profileId: string,
  replacedOrderId: string,
  at: Date,
) =>
  tx
    .update(profiles)
    .set({ state: 'withdrawn', withdrawnAt: at, orderId: null, replacedOrderId })
    .where(eq(profiles.id, profileId));
