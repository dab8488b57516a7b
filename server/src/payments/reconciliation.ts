import type { OrderRow, statementLines } from '../db/schema';
import type { Actor } from '#domain/order-life';
import type { z } from '@hono/zod-openapi';
import type { Tx } from '../db/database';
import type { ReconciliationReportSchema, StatementImportSchema } from '../staff/schemas';
import type { Deps } from '../deps';
import { ApiError, type ErrorDetail } from '../platform/errors';
import type { StaffAlertPayload } from '../delivery/message-texts';
import { queueStaffAlert } from '../delivery/delivery-policy';
import { applyTransition, confirmByBank } from '../orders/lifecycle';
import { parseStatementCsv, type StatementMapping } from './statement-csv';
import { lineDisagreement } from './bank-agreement';
import { staffOrderById, staffOrderOf, withdrawInTx, type StaffOrder } from '../staff/staff-orders';
import { lockOrderRow } from '../staff/queries';
import {
  insertStatementImport,
  insertStatementLines,
  lockPaidOrdersOfTransactions,
  lockSuspectCandidates,
  paidOrderCounts,
  paidOrdersNewestFirst,
  setPaymentRejected,
  statementLinesOf,
  unmatchedNotifications,
  unmatchedStatementLines,
} from './queries';

/**
 * Statement reconciliation (issue #23 item 3, decision 071): the merchant account's statement
 * lines are the bank's word on each paid order. A line with the order's transaction id and
 * amount confirms it (and releases a held eSIM), another amount is a mismatch, and an order
 * paid inside an imported statement's period with no line is suspect: staff are alerted.
 */

export type StatementImport = z.infer<typeof StatementImportSchema>;

/** Imports a statement in one transaction; a file with any problem is refused whole (422). */
export async function importStatement(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'randomUUID'>,
  text: string,
  mapping: StatementMapping = {},
  actor: Actor = 'bank',
): Promise<StatementImport> {
  const parsed = parseStatementCsv(text, mapping);
  if (parsed.problems.length > 0) throw refused(parsed.problems);
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const keys = parsed.lines.map((line) => line.transactionId);
    const existing = new Map<string, typeof statementLines.$inferSelect>();
    // In batches (review N6): one statement's parameters are at most 65,535.
    for (const batch of batches(keys)) {
      const rows = await statementLinesOf(tx, batch);
      for (const row of rows) existing.set(row.transactionId, row);
    }
    const conflicts: ErrorDetail[] = [];
    const fresh = parsed.lines.filter((line) => {
      const before = existing.get(line.transactionId);
      if (!before) return true;
      if (before.amount !== line.amount || before.paidAt.getTime() !== line.paidAt) {
        conflicts.push({
          line: line.line,
          problem:
            `Transaction ${line.transactionId} was imported before with ${before.amount} MMK at ` +
            `${before.paidAt.toISOString()}.`,
        });
      }
      return false;
    });
    if (conflicts.length > 0) throw refused(conflicts);
    const result: StatementImport = {
      imported: fresh.length,
      alreadyImported: parsed.lines.length - fresh.length,
      confirmed: 0,
      mismatch: 0,
      unmatched: 0,
      suspect: 0,
      released: 0,
    };
    // The same lines again change nothing: no new period, no alert.
    if (fresh.length === 0) return result;

    const importId = deps.randomUUID();
    const times = parsed.lines.map((line) => line.paidAt);
    const periodStart = new Date(times.reduce((a, b) => Math.min(a, b)));
    const periodEnd = new Date(times.reduce((a, b) => Math.max(a, b)));
    const importedAt = new Date(now);
    await insertStatementImport(tx, {
      id: importId,
      periodStart,
      periodEnd,
      lines: parsed.lines.length,
      importedAt,
    });
    const insertedKeys: string[] = [];
    for (const batch of batches(fresh)) {
      const inserted = await insertStatementLines(
        tx,
        batch.map((line) => ({
          transactionId: line.transactionId,
          amount: line.amount,
          paidAt: new Date(line.paidAt),
          payer: line.payer,
          reference: line.reference,
          line: line.line,
          importId,
          importedAt,
        })),
      );
      insertedKeys.push(...inserted.map((row) => row.transactionId));
    }

    // The paid orders these lines speak of (locked: a notification may confirm one meanwhile).
    const paid = [];
    for (const batch of batches(insertedKeys)) {
      paid.push(...(await lockPaidOrdersOfTransactions(tx, batch)));
    }
    const byKey = new Map(paid.map((row) => [row.key, row.order]));
    for (const line of fresh) {
      const order = byKey.get(line.transactionId);
      if (!order) {
        result.unmatched += 1;
        continue;
      }
      // The line confirms only what it proves: the order's amount, a time inside its window,
      // and its number when the bank shows a reference (issue #43 point 3, decision 122).
      const disagreement = lineDisagreement(order, line);
      const evidence = { transactionId: line.transactionId, line: line.line, importId };
      if (!disagreement) {
        result.confirmed += 1;
        if (order.deliveryState === 'held') result.released += 1;
        const confirmation = { by: 'statement' as const, actor, at: now, evidence };
        await confirmByBank(tx, deps, order, confirmation);
      } else {
        result.mismatch += 1;
        if (order.bankState !== 'mismatch') {
          await applyTransition(tx, {
            order,
            events: [{ type: 'bankMismatch' }],
            actor,
            at: now,
            evidence: { ...evidence, amount: line.amount, reason: disagreement },
          });
          const alert: StaffAlertPayload = {
            event: 'order.bank_mismatch',
            orderId: order.id,
            number: order.number,
            transactionId: line.transactionId,
            amount: line.amount,
            paidAt: line.paidAt,
            reference: line.reference,
            reason: disagreement,
          };
          await queueStaffAlert(deps, tx, order.id, alert, now);
        }
      }
    }
    result.suspect = await markSuspects(deps, tx, { periodStart, periodEnd, importId }, actor, now);
    return result;
  });
}

/** Lines per statement: 8 parameters a line, well under PostgreSQL's 65,535 (review N6). */
export const STATEMENT_BATCH = 1_000;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += STATEMENT_BATCH) {
    out.push(items.slice(at, at + STATEMENT_BATCH));
  }
  return out;
}

/**
 * Paid orders still unconfirmed whose payment time lies inside the statement's period: the
 * statement has no line for them. Each becomes suspect once, and staff are alerted.
 */
async function markSuspects(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  statement: { periodStart: Date; periodEnd: Date; importId: string },
  actor: Actor,
  now: number,
): Promise<number> {
  const { periodStart, periodEnd } = statement;
  const candidates = await lockSuspectCandidates(tx, periodStart, periodEnd);
  for (const candidate of candidates) {
    const { order, transition } = await applyTransition(tx, {
      order: candidate,
      events: [{ type: 'bankSuspect' }],
      actor,
      at: now,
      evidence: { importId: statement.importId },
    });
    if (!transition.effects.includes('staffAlert')) continue;
    const alert: StaffAlertPayload = {
      event: 'order.bank_suspect',
      orderId: order.id,
      number: order.number,
      transactionId: order.transactionId,
      paidAt: (order.transactionTime ?? order.paidAt ?? new Date(now)).getTime(),
      periodStart: periodStart.getTime(),
      periodEnd: periodEnd.getTime(),
    };
    await queueStaffAlert(deps, tx, order.id, alert, now);
  }
  return candidates.length;
}

const refused = (details: ErrorDetail[]) =>
  new ApiError(
    422,
    'invalid_csv',
    `The statement was not imported: ${details.length} problem${details.length === 1 ? '' : 's'}.`,
    {},
    details,
  );

export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;

/** The most orders and unmatched lines the report lists (the counts cover all). */
export const REPORT_LIMIT = 500;

/** Every paid order's bank state, and the bank's payments that paid no order. */
export async function reconciliationReport(
  deps: Pick<Deps, 'database'>,
): Promise<ReconciliationReport> {
  const { db } = deps.database;
  const counted = await paidOrderCounts(db);
  const paid = await paidOrdersNewestFirst(db, REPORT_LIMIT);
  const lines = await unmatchedStatementLines(db, REPORT_LIMIT);
  const notifications = await unmatchedNotifications(db, REPORT_LIMIT);
  const counts = { confirmed: 0, mismatch: 0, unconfirmed: 0, suspect: 0, unmatched: 0 };
  for (const row of counted) counts[row.state] = Number(row.count);
  const unmatched: ReconciliationReport['unmatched'] = [
    ...lines.map(({ statement_lines: line }) => ({
      source: 'statement' as const,
      line: line.line,
      transactionId: line.transactionId,
      amount: line.amount,
      paidAt: line.paidAt.getTime(),
      reference: line.reference,
    })),
    ...notifications.map((note) => ({
      source: 'notification' as const,
      line: null,
      transactionId: note.transactionId,
      amount: note.amount,
      paidAt: note.paidAt.getTime(),
      reference: note.orderNumber,
    })),
  ];
  counts.unmatched = unmatched.length;
  return {
    counts,
    orders: paid.map((row) => ({
      orderId: row.id,
      orderNumber: row.number,
      transactionId: row.transactionId,
      bankState: row.bankState,
      deliveryState: row.deliveryState,
      price: row.price,
      paidAt: row.paidAt?.getTime() ?? null,
    })),
    unmatched,
  };
}

const notPaid = (row: OrderRow) =>
  new ApiError(409, 'conflict', `Order ${row.number} is not paid: there is no payment to review.`);

/**
 * Staff looked at the merchant account and found the payment: the order is confirmed and a
 * held eSIM leaves now.
 */
export async function confirmPayment(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'randomUUID'>,
  id: string,
  actor: Actor,
): Promise<StaffOrder> {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  if (row.status !== 'paid') throw notPaid(row);
  if (row.paymentRejectedAt) {
    throw new ApiError(409, 'conflict', `Order ${row.number}'s payment was rejected.`);
  }
  await db.transaction(async (tx) => {
    const [locked] = await lockOrderRow(tx, row.id);
    await confirmByBank(tx, deps, locked ?? row, { by: 'staff', actor, at: deps.now() });
  });
  return staffOrderOf(deps, row.id);
}

/**
 * Staff found no such payment on the account: the order gets no eSIM (a delivered one is
 * withdrawn, as a refund's withdraw does), and why is recorded.
 */
export async function rejectPayment(
  deps: Pick<Deps, 'database' | 'now' | 'config'>,
  id: string,
  reason: string,
  actor: Actor,
): Promise<StaffOrder> {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  if (row.status !== 'paid') throw notPaid(row);
  const now = new Date(deps.now());
  await db.transaction(async (tx) => {
    const [locked] = await lockOrderRow(tx, row.id);
    const current = locked ?? row;
    const evidence = { reason: 'payment_rejected', note: reason };
    if (!(await withdrawInTx(tx, current, now, actor, evidence))) {
      // No profile yet (held, waiting for stock): it will never get one.
      if (current.deliveryState !== 'withdrawn') {
        await applyTransition(tx, {
          order: current,
          events: [{ type: 'withdrawn' }],
          actor,
          at: now.getTime(),
          evidence,
        });
      }
    }
    await setPaymentRejected(tx, row.id, reason, now);
  });
  return staffOrderOf(deps, row.id);
}
