import { and, between, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Queries, Tx } from '../db/database';
import { columnParam } from '../db/prepared';
import {
  orders,
  paymentNotifications,
  payments,
  providerPayments,
  rateLimitWindows,
  type ProviderPaymentRow,
  statementImports,
  statementLines,
} from '../db/schema';
import { composedWrite } from '../orders/lifecycle-writes';

/** Records a notification once: its row, or none when its event id was recorded before. */
export const insertNotification = (tx: Tx, row: typeof paymentNotifications.$inferInsert) =>
  tx
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: paymentNotifications.eventId });

/** Notes what a notification did, and to which order. */
export const settleNotification = (
  tx: Tx,
  eventId: string,
  outcome: 'paid' | 'confirmed' | 'unmatched' | 'reused',
  orderId: string | null,
) =>
  tx
    .update(paymentNotifications)
    .set({ outcome, orderId })
    .where(eq(paymentNotifications.eventId, eventId));

/** The order with this number (none or one), locked for update. */
export const lockOrderByNumber = (tx: Tx, number: string) =>
  tx.select().from(orders).where(eq(orders.number, number)).limit(1).for('update');

/** The payment recorded under this (normalised) transaction id (none or one). */
export const paymentByTransactionId = (q: Queries, transactionId: string) =>
  q.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);

/** Another notification of this transaction id that paid or confirmed an order (none or one). */
export const otherSettlingNotification = (tx: Tx, transactionId: string, eventId: string) =>
  tx
    .select({ orderId: paymentNotifications.orderId })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.transactionId, transactionId),
        inArray(paymentNotifications.outcome, ['paid', 'confirmed']),
        ne(paymentNotifications.eventId, eventId),
      ),
    )
    .limit(1);

/** The statement lines already imported under these transaction ids. */
export const statementLinesOf = (tx: Tx, transactionIds: string[]) =>
  tx.select().from(statementLines).where(inArray(statementLines.transactionId, transactionIds));

/** Records one statement import (its period and number of lines). */
export const insertStatementImport = (tx: Tx, row: typeof statementImports.$inferInsert) =>
  tx.insert(statementImports).values(row);

/** Stores statement lines; returns the transaction ids of those that were new. */
export const insertStatementLines = (tx: Tx, rows: (typeof statementLines.$inferInsert)[]) =>
  tx
    .insert(statementLines)
    .values(rows)
    .onConflictDoNothing()
    .returning({ transactionId: statementLines.transactionId });

/** The orders these transaction ids paid, with the payment's amount and id; the orders locked. */
export const lockPaidOrdersOfTransactions = (tx: Tx, transactionIds: string[]) =>
  tx
    .select({ order: orders, amount: payments.amount, key: payments.transactionId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(inArray(payments.transactionId, transactionIds))
    .for('update', { of: orders });

/**
 * Paid orders still unconfirmed (and not rejected) whose payment time lies inside the period,
 * locked for update.
 */
export const lockSuspectCandidates = (tx: Tx, periodStart: Date, periodEnd: Date) => {
  const paidTime = sql`coalesce(${orders.transactionTime}, ${orders.paidAt})`;
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        eq(orders.bankState, 'unconfirmed'),
        isNull(orders.paymentRejectedAt),
        between(paidTime, periodStart, periodEnd),
      ),
    )
    .for('update');
};

/** How many paid orders are in each bank state. */
export const paidOrderCounts = (db: Db) =>
  db
    .select({ state: orders.bankState, count: sql<string>`count(*)` })
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .groupBy(orders.bankState);

/** The newest paid orders (at most `limit`). */
export const paidOrdersNewestFirst = (db: Db, limit: number) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);

/** The newest statement lines that paid no order (at most `limit`). */
export const unmatchedStatementLines = (db: Db, limit: number) =>
  db
    .select()
    .from(statementLines)
    .leftJoin(payments, eq(payments.transactionId, statementLines.transactionId))
    .where(isNull(payments.transactionId))
    .orderBy(desc(statementLines.paidAt))
    .limit(limit);

/** The newest notifications that matched no order or reused a payment (at most `limit`). */
export const unmatchedNotifications = (db: Db, limit: number) =>
  db
    .select()
    .from(paymentNotifications)
    .where(inArray(paymentNotifications.outcome, ['unmatched', 'reused']))
    .orderBy(desc(paymentNotifications.receivedAt))
    .limit(limit);

/** Records staff's rejection of the order's payment (and drops its delivery promise). */
export const setPaymentRejected = (tx: Tx, orderId: string, reason: string, at: Date) =>
  tx
    .update(orders)
    .set({ paymentRejectedReason: reason, paymentRejectedAt: at, promisedBy: null })
    .where(eq(orders.id, orderId));

/** Records a provider payment attempt. */
export const insertProviderPayment = (db: Db, row: typeof providerPayments.$inferInsert) =>
  db.insert(providerPayments).values(row);

const invoiceOf = (provider: ProviderPaymentRow['provider'], invoiceNo: string) =>
  and(eq(providerPayments.provider, provider), eq(providerPayments.invoiceNo, invoiceNo));

/** Sets columns of the provider's attempt with this invoice number. */
export const updateProviderPayment = (
  db: Db,
  provider: ProviderPaymentRow['provider'],
  invoiceNo: string,
  values: Partial<ProviderPaymentRow>,
) => db.update(providerPayments).set(values).where(invoiceOf(provider, invoiceNo));

/** The provider's attempt with this invoice number (none or one). */
export const providerPaymentByInvoice = (
  db: Db,
  provider: ProviderPaymentRow['provider'],
  invoiceNo: string,
) => db.select().from(providerPayments).where(invoiceOf(provider, invoiceNo)).limit(1);

/** The order's latest attempt, any provider (none or one). */
export const latestProviderPaymentOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(providerPayments)
    .where(eq(providerPayments.orderId, orderId))
    .orderBy(sql`${providerPayments.createdAt} desc`)
    .limit(1);

/**
 * Takes the attempt from started or declined to what `values` say (paid), and returns it; none
 * when another copy took it first. A transaction id that paid another invoice throws (its
 * unique index).
 */
export const claimProviderPayment = (
  db: Db,
  provider: ProviderPaymentRow['provider'],
  invoiceNo: string,
  values: Partial<ProviderPaymentRow>,
) =>
  db
    .update(providerPayments)
    .set(values)
    .where(
      and(
        invoiceOf(provider, invoiceNo),
        sql`${providerPayments.state} in ('started', 'declined')`,
      ),
    )
    .returning();

/** The order with this id (none or one). */
export const orderById = (q: Queries, id: string) =>
  q.select().from(orders).where(eq(orders.id, id));

/** Whether the order's payment showed the shop as payee (none or one row). */
export const paymentOfOrder = (q: Queries, orderId: string) =>
  q.select({ payeeShown: payments.payeeShown }).from(payments).where(eq(payments.orderId, orderId));

/**
 * The claim and the receipt limits in one statement (decision 101; the claim was prepared alone
 * in decision 100): the order is marked `verifying` (the lifecycle's `receiptClaimed`, with its
 * event row) if it is open, or its check is so old that it is not running; only a claimed check counts one hit against the order's limit and, if that
 * one is within its limit, one against the client address's (decision 069: only a check that
 * will ask the model counts, and a refused one counts no further). Ended windows are removed
 * apart, once a minute (sweepEndedWindows, decision 110). One round trip
 * where there were three to five. Its commit does not wait for the WAL's flush (decision 105):
 * the claim only marks a check as running, and the check's outcome (the payment's transaction,
 * or the order opened again) commits as every write does and flushes the claim's records with
 * it. A claim lost with the database's last moment before a crash is a check that is no longer
 * ours (409, as a check taken over), and no payment.
 */
export const claimAndCount = composedWrite<{
  claimed: number;
  orderHits: number | null;
  addressHits: number | null;
  /** 'off': the claim's commit does not wait for the WAL's flush (decision 105). */
  relaxed: string;
}>('order_claim_counted', (claim) => {
  const w = rateLimitWindows;
  const hit = (
    name: string,
    source: SQL,
  ) => sql`insert into ${w} (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)}, ${sql.identifier(w.expiresAt.name)}, ${sql.identifier(w.hits.name)})
    select ${columnParam(`${name}Key`, w.key)}, ${columnParam(`${name}Start`, w.windowStart)}, ${columnParam(`${name}End`, w.expiresAt)}, 1 ${source}
    on conflict (${sql.identifier(w.key.name)}, ${sql.identifier(w.windowStart.name)})
    do update set ${sql.identifier(w.hits.name)} = ${w}.${sql.identifier(w.hits.name)} + 1
    returning ${sql.identifier(w.hits.name)} as hits`;
  const query = sql`with ${claim}, per_order as (
    ${hit('order', sql`from changed`)}
  ), per_address as (
    ${hit('address', sql`from per_order where per_order.hits <= ${sql.placeholder('orderLimit')}::integer`)}
  )
  select (select count(*) from changed)::integer,
    (select hits from per_order), (select hits from per_address),
    set_config('synchronous_commit', 'off', true)`;
  return {
    query,
    fields: [
      { path: ['claimed'], field: sql`claimed`.mapWith(Number) },
      { path: ['orderHits'], field: sql`order_hits`.mapWith(Number) },
      { path: ['addressHits'], field: sql`address_hits`.mapWith(Number) },
      { path: ['relaxed'], field: sql`relaxed` },
    ],
  };
});
