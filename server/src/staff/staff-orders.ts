/** The staff's view of orders (issue #17, decision 039): list, resend the email, withdraw. */
import type { OperatorId } from '#domain/catalogue';
import type { Es2plusJobRow, InstallProgressRow, OrderRow, ProfileRow } from '../db/schema';
import type { Actor } from '#domain/order-life';
import type { Queries, Tx } from '../db/database';
import type { Deps } from '../deps';
import { applyTransition, type Evidence } from '../orders/lifecycle-writes';
import { ApiError } from '../platform/errors';
import type { z } from '@hono/zod-openapi';
import type { OrderEventAnswer, StaffOrderSchema } from './schemas';
import {
  ESIM_EMAIL,
  latestEmail,
  type EmailRow,
  type EsimEmailPayload,
} from '../delivery/esim-delivery';
import { effectiveStatus } from '../orders/orders';
import { orderJobOf, queueCancelOrder } from '../provisioning/provisioning';
import {
  cancelJob,
  cancelUnsentEsimEmails,
  esimEmailsOfOrders,
  forgetEsimEmailLinks,
  insertOutboxMessage,
  installOfIccid,
  installsOfIccids,
  lockOrderRow,
  lockProfileOfOrder,
  markProfileWithdrawn,
  orderEventsOf,
  orderRowById,
  profileOrderJobsOf,
  profilesOfOrders,
  staffOrderRows,
} from './queries';

export type StaffOrder = z.infer<typeof StaffOrderSchema>;

/** What staff read of the order's status: the server's effective one (an unpaid order past its code reads expired). */
type Reading = { now: number; timeoutMs: number };

type Extras = { install: InstallProgressRow | null; job: Es2plusJobRow | null };

function toStaffOrder(
  row: OrderRow,
  profile: ProfileRow | null,
  email: EmailRow | null,
  reading: Reading,
  extras: Extras,
) {
  const order: StaffOrder = {
    id: row.id,
    number: row.number,
    planId: row.planId,
    operatorId: row.operatorId as OperatorId,
    status: effectiveStatus(row, reading.now, reading.timeoutMs),
    deliveryState: row.deliveryState,
    contactKind: row.contactKind,
    transactionId: row.transactionId,
    paidAt: row.paidAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    iccid: profile?.iccid ?? null,
    emailAttempts: email?.attempts ?? 0,
    emailLastError: email?.lastError ?? null,
    emailSentAt: email?.sentAt?.getTime() ?? null,
    bankState: row.bankState,
    paymentRejectedReason: row.paymentRejectedReason,
    profileSource: profile?.source ?? null,
    installState: extras.install?.state ?? null,
    installStateAt: extras.install?.stateAt.getTime() ?? null,
    provisioningError: extras.job?.lastError ?? null,
  };
  return order;
}

async function staffOrdersOf(
  db: Queries,
  rows: OrderRow[],
  reading: Reading,
): Promise<StaffOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [found, emails, jobs] = await Promise.all([
    profilesOfOrders(db, ids),
    esimEmailsOfOrders(db, ids),
    // The latest profile order of each (a replacement's) is the one kept below.
    profileOrderJobsOf(db, ids),
  ]);
  const iccids = found.filter((p) => p.source === 'es2plus').map((p) => p.iccid);
  const installs = iccids.length ? await installsOfIccids(db, iccids) : [];
  const profileBy = new Map(found.map((profile) => [profile.orderId, profile]));
  const emailBy = new Map(emails.map((email) => [email.orderId, email]));
  const jobBy = new Map(jobs.map((job) => [job.orderId, job]));
  const installBy = new Map(installs.map((install) => [install.iccid, install]));
  return rows.map((row) => {
    const profile = profileBy.get(row.id) ?? null;
    return toStaffOrder(row, profile, emailBy.get(row.id) ?? null, reading, {
      install: (profile && installBy.get(profile.iccid)) ?? null,
      job: jobBy.get(row.id) ?? null,
    });
  });
}

const readingOf = (deps: Pick<Deps, 'now' | 'config'>): Reading => ({
  now: deps.now(),
  timeoutMs: deps.config.receiptTimeoutMs,
});

export async function listStaffOrders(
  deps: Pick<Deps, 'database' | 'now' | 'config'>,
  options: { limit: number; before?: number | undefined; number?: string | undefined },
): Promise<StaffOrder[]> {
  const { db } = deps.database;
  const number = options.number?.trim().toUpperCase();
  const rows = await staffOrderRows(db, {
    limit: options.limit,
    before: options.before,
    number: number ? (number.startsWith('#') ? number : `#${number}`) : undefined,
  });
  return staffOrdersOf(db, rows, readingOf(deps));
}

export async function staffOrderById(db: Queries, id: string): Promise<OrderRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [row] = uuid.test(id) ? await orderRowById(db, id) : [];
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
  await insertOutboxMessage(db, {
    kind: ESIM_EMAIL,
    orderId: row.id,
    payload,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * Inside a transaction: withdraws the order's profile (never shown or sent again, unsent eSIM
 * emails cancelled, the order link forgotten). A profile from an SM-DP+ that no phone has
 * downloaded is cancelled there too (CancelOrder, Unavailable); an order still being ordered
 * from it is stopped (and a profile it reserved cancelled). False when there is nothing to
 * withdraw.
 */
export async function withdrawInTx(
  tx: Tx,
  row: OrderRow,
  now: Date,
  actor: Actor,
  evidence: Evidence = {},
): Promise<boolean> {
  const [locked] = await lockOrderRow(tx, row.id);
  const current = locked ?? row;
  const withdraw = () =>
    applyTransition(tx, {
      order: current,
      events: [{ type: 'withdrawn' }],
      actor,
      at: now.getTime(),
      evidence,
    });
  const [profile] = await lockProfileOfOrder(tx, row.id);
  if (!profile) {
    const job = await orderJobOf(tx, row.id, true);
    if (!job || job.state !== 'pending' || current.deliveryState !== 'provisioning') return false;
    await cancelJob(tx, job.id, now);
    await withdraw();
    if (job.iccid) {
      const input = { orderId: row.id, operatorId: row.operatorId, iccid: job.iccid };
      await queueCancelOrder(tx, { ...input, finalProfileStatus: 'Available' }, now.getTime());
    }
    return true;
  }
  if (profile.state === 'withdrawn') return true;
  if (profile.source === 'es2plus') {
    const [install] = await installOfIccid(tx, profile.iccid);
    // On a phone already: CancelOrder no longer applies (the operator ends the subscription).
    if (!install || install.state === 'released' || install.state === 'failed') {
      const input = { orderId: row.id, operatorId: row.operatorId, iccid: profile.iccid };
      await queueCancelOrder(tx, { ...input, finalProfileStatus: 'Unavailable' }, now.getTime());
    }
  }
  await markProfileWithdrawn(tx, profile.id, now);
  if (current.deliveryState !== 'withdrawn') await withdraw();
  // Nothing more goes out for it, and the order link (its token) is no longer kept.
  await cancelUnsentEsimEmails(tx, row.id, now);
  await forgetEsimEmailLinks(tx, row.id);
  return true;
}

/** Withdraws the order's profile (a refund): never shown or sent again, emails cancelled. */
export async function withdrawProfile(
  deps: Pick<Deps, 'database' | 'now' | 'config'>,
  id: string,
  actor: Actor,
): Promise<StaffOrder> {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  const now = new Date(deps.now());
  await db.transaction(async (tx) => {
    if (!(await withdrawInTx(tx, row, now, actor, { reason: 'refund' }))) {
      throw new ApiError(409, 'conflict', `Order ${row.number} has no eSIM profile to withdraw.`);
    }
  });
  return staffOrderOf(deps, row.id);
}

/** The staff's view of one order, as it is now. */
export async function staffOrderOf(
  deps: Pick<Deps, 'database' | 'now' | 'config'>,
  id: string,
): Promise<StaffOrder> {
  const { db } = deps.database;
  const current = await staffOrderById(db, id);
  const [order] = await staffOrdersOf(db, [current], readingOf(deps));
  return order!;
}

/** The order's history, oldest first (decision 115): who changed what, when, on what evidence. */
export async function staffOrderEvents(
  deps: Pick<Deps, 'database'>,
  id: string,
): Promise<OrderEventAnswer[]> {
  const { db } = deps.database;
  const row = await staffOrderById(db, id);
  const events = await orderEventsOf(db, row.id);
  return events.map((event) => ({
    seq: event.seq,
    event: event.event,
    from: event.fromState,
    to: event.toState,
    actor: event.actor,
    at: event.at.getTime(),
    evidence: event.evidence as OrderEventAnswer['evidence'],
  }));
}
