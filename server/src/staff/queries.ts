import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queries, Tx } from '../db/database';
import {
  es2plusJobs,
  installProgress,
  messageOutbox,
  orderEvents,
  orders,
  profiles,
} from '../db/schema';
import { ESIM_EMAIL } from '../delivery/esim-delivery';

/** The profiles of these orders. */
export const profilesOfOrders = (db: Queries, orderIds: string[]) =>
  db.select().from(profiles).where(inArray(profiles.orderId, orderIds));

/** The eSIM emails of these orders, oldest first. */
export const esimEmailsOfOrders = (db: Queries, orderIds: string[]) =>
  db
    .select()
    .from(messageOutbox)
    .where(and(inArray(messageOutbox.orderId, orderIds), eq(messageOutbox.kind, ESIM_EMAIL)))
    .orderBy(asc(messageOutbox.id));

/** The ES2+ profile orders of these orders, by attempt (a replacement's latest last). */
export const profileOrderJobsOf = (db: Queries, orderIds: string[]) =>
  db
    .select()
    .from(es2plusJobs)
    .where(and(inArray(es2plusJobs.orderId, orderIds), eq(es2plusJobs.kind, 'order')))
    .orderBy(asc(es2plusJobs.attempt));

/** The install progress of these ICCIDs. */
export const installsOfIccids = (db: Queries, iccids: string[]) =>
  db.select().from(installProgress).where(inArray(installProgress.iccid, iccids));

/**
 * Up to `limit` orders, newest first: made before `before` (ms) when given, and only the one
 * with `number` (with its `#`) when given.
 */
export const staffOrderRows = (
  db: Queries,
  options: { limit: number; before?: number | undefined; number?: string | undefined },
) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        options.before ? lt(orders.createdAt, new Date(options.before)) : undefined,
        options.number ? eq(orders.number, options.number) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);

/** The order with this id (none or one). */
export const orderRowById = (db: Queries, id: string) =>
  db.select().from(orders).where(eq(orders.id, id)).limit(1);

/** Queues an outbox message. */
export const insertOutboxMessage = (db: Queries, message: typeof messageOutbox.$inferInsert) =>
  db.insert(messageOutbox).values(message);

/** The order's row, locked for update (none or one). */
export const lockOrderRow = (tx: Tx, id: string) =>
  tx.select().from(orders).where(eq(orders.id, id)).for('update');

/** The order's profile, locked for update (none or one). */
export const lockProfileOfOrder = (tx: Tx, orderId: string) =>
  tx.select().from(profiles).where(eq(profiles.orderId, orderId)).for('update');

/** Marks the ES2+ job cancelled, finished at `now`. */
export const cancelJob = (tx: Tx, jobId: number, now: Date) =>
  tx
    .update(es2plusJobs)
    .set({ state: 'cancelled', finishedAt: now })
    .where(eq(es2plusJobs.id, jobId));

/** The install progress of this ICCID (none or one). */
export const installOfIccid = (tx: Tx, iccid: string) =>
  tx.select().from(installProgress).where(eq(installProgress.iccid, iccid));

/** Marks the profile withdrawn at `now`. */
export const markProfileWithdrawn = (tx: Tx, profileId: string, now: Date) =>
  tx
    .update(profiles)
    .set({ state: 'withdrawn', withdrawnAt: now })
    .where(eq(profiles.id, profileId));

/** Cancels the order's unsent eSIM emails (marked sent at `now` with why). */
export const cancelUnsentEsimEmails = (tx: Tx, orderId: string, now: Date) =>
  tx
    .update(messageOutbox)
    .set({ sentAt: now, lastError: 'cancelled: profile withdrawn' })
    .where(
      and(
        eq(messageOutbox.orderId, orderId),
        eq(messageOutbox.kind, ESIM_EMAIL),
        isNull(messageOutbox.sentAt),
      ),
    );

/** Forgets the order link and the address of every eSIM email of the order. */
export const forgetEsimEmailLinks = (tx: Tx, orderId: string) =>
  tx
    .update(messageOutbox)
    .set({ payload: sql`${messageOutbox.payload} - 'link' - 'to'` })
    .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.kind, ESIM_EMAIL)));

/** The order's events, oldest first. */
export const orderEventsOf = (db: Queries, orderId: string) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.seq));
