import { count, desc, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { aiHealth, es2plusJobs, messageOutbox, orders, payments } from '../db/schema';

/** The newest AI health note (none or one). */
export const latestAiHealth = (db: Db) =>
  db.select().from(aiHealth).orderBy(desc(aiHealth.checkedAt)).limit(1);

/** How many outbox messages are unsent, and when the oldest of them was made. */
export const unsentOutbox = (db: Db) =>
  db
    .select({ depth: count(), oldest: min(messageOutbox.createdAt) })
    .from(messageOutbox)
    .where(isNull(messageOutbox.sentAt));

/** How many orders there are of each status, delivery state and bank state. */
export const orderCounts = (db: Db) =>
  db
    .select({
      status: orders.status,
      delivery: orders.deliveryState,
      bank: orders.bankState,
      n: count(),
    })
    .from(orders)
    .groupBy(orders.status, orders.deliveryState, orders.bankState);

/** How many orders are held, bank suspect and bank mismatch. */
export const attentionCounts = (db: Db) =>
  db
    .select({
      held: sql<number>`count(*) filter (where ${orders.deliveryState} = 'held')`.mapWith(Number),
      suspect: sql<number>`count(*) filter (where ${orders.bankState} = 'suspect')`.mapWith(Number),
      mismatch: sql<number>`count(*) filter (where ${orders.bankState} = 'mismatch')`.mapWith(
        Number,
      ),
    })
    .from(orders);

/** How many payments were verified each way. */
export const paymentCounts = (db: Db) =>
  db
    .select({ method: payments.verifiedBy, n: count() })
    .from(payments)
    .groupBy(payments.verifiedBy);

/** How many outbox messages are unsent. */
export const unsentOutboxCount = (db: Db) =>
  db.select({ n: count() }).from(messageOutbox).where(isNull(messageOutbox.sentAt));

/** How many ES2+ jobs are pending. */
export const pendingJobCount = (db: Db) =>
  db
    .select({ n: count() })
    .from(es2plusJobs)
    .where(sql`${es2plusJobs.state} = 'pending'`);

/** When the oldest unsent outbox message was made. */
export const oldestUnsentOutbox = (db: Db) =>
  db
    .select({ oldest: min(messageOutbox.createdAt) })
    .from(messageOutbox)
    .where(isNull(messageOutbox.sentAt));

/** When the oldest pending ES2+ job was made. */
export const oldestPendingJob = (db: Db) =>
  db
    .select({ oldest: min(es2plusJobs.createdAt) })
    .from(es2plusJobs)
    .where(sql`${es2plusJobs.state} = 'pending'`);
