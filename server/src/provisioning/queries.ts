import { and, asc, desc, eq, inArray, lte, max } from 'drizzle-orm';
import type { Db, Queries, Tx } from '../db/database';
import {
  es2plusJobs,
  es2plusNotifications,
  installProgress,
  profiles,
  type Es2plusJobRow,
} from '../db/schema';

/** The last attempt of the order's profile orders (one row; null when none). */
export const lastOrderAttempt = (tx: Tx, orderId: string) =>
  tx
    .select({ attempt: max(es2plusJobs.attempt) })
    .from(es2plusJobs)
    .where(and(eq(es2plusJobs.orderId, orderId), eq(es2plusJobs.kind, 'order')));

/** Queues an ES2+ job. */
export const insertJob = (tx: Tx, job: typeof es2plusJobs.$inferInsert) =>
  tx.insert(es2plusJobs).values(job);

/** The CancelOrder job of this ICCID, if one was queued (none or one). */
export const cancelJobOfIccid = (tx: Tx, iccid: string) =>
  tx
    .select({ id: es2plusJobs.id })
    .from(es2plusJobs)
    .where(and(eq(es2plusJobs.kind, 'cancel'), eq(es2plusJobs.iccid, iccid)))
    .limit(1);

/** The order's latest profile order (none or one), locked for update when `lock`. */
export const latestOrderJob = (tx: Tx, orderId: string, lock: boolean) => {
  const query = tx
    .select()
    .from(es2plusJobs)
    .where(and(eq(es2plusJobs.orderId, orderId), eq(es2plusJobs.kind, 'order')))
    .orderBy(desc(es2plusJobs.attempt))
    .limit(1);
  return lock ? query.for('update') : query;
};

/** The operator's ES2+ profile with this ICCID (none or one). */
export const es2plusProfileOf = (tx: Tx, iccid: string, operatorId: string) =>
  tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.iccid, iccid),
        eq(profiles.source, 'es2plus'),
        eq(profiles.operatorId, operatorId),
      ),
    )
    .limit(1);

/** Records a download-progress notification once: its id, or none for a repeat. */
export const insertProgressNotification = (tx: Tx, row: typeof es2plusNotifications.$inferInsert) =>
  tx
    .insert(es2plusNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: es2plusNotifications.id });

/** The ICCID's install progress (none or one), locked for update. */
export const lockInstallProgress = (tx: Tx, iccid: string) =>
  tx.select().from(installProgress).where(eq(installProgress.iccid, iccid)).for('update');

/** Writes the ICCID's install state, made or moved. */
export const upsertInstallProgress = (
  tx: Tx,
  iccid: string,
  state: Omit<typeof installProgress.$inferInsert, 'iccid'>,
) =>
  tx
    .insert(installProgress)
    .values({ iccid, ...state })
    .onConflictDoUpdate({ target: installProgress.iccid, set: state });

/** The ids of the pending jobs due at `now`, oldest first, at most `limit`; locked, skipping held. */
export const dueJobIds = (tx: Tx, now: Date, limit: number) =>
  tx
    .select({ id: es2plusJobs.id })
    .from(es2plusJobs)
    .where(and(eq(es2plusJobs.state, 'pending'), lte(es2plusJobs.nextAttemptAt, now)))
    .orderBy(asc(es2plusJobs.nextAttemptAt), asc(es2plusJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Leases the jobs until `until` (their next attempt) and returns them. */
export const leaseJobs = (tx: Tx, ids: number[], until: Date) =>
  tx
    .update(es2plusJobs)
    .set({ nextAttemptAt: until })
    .where(inArray(es2plusJobs.id, ids))
    .returning();

/** The job's row while this copy holds its lease (pending, under the lease it set). */
const held = (job: Es2plusJobRow) =>
  and(
    eq(es2plusJobs.id, job.id),
    eq(es2plusJobs.state, 'pending'),
    eq(es2plusJobs.nextAttemptAt, job.nextAttemptAt),
  );

/** Renews the lease of a job this copy holds until `until`; returns it (none: lost). */
export const renewHeldJob = (db: Db, job: Es2plusJobRow, until: Date) =>
  db.update(es2plusJobs).set({ nextAttemptAt: until }).where(held(job)).returning();

/** Sets columns of a job this copy holds; returns its id (none: lost). */
export const saveHeldJob = (db: Db, job: Es2plusJobRow, values: Partial<Es2plusJobRow>) =>
  db.update(es2plusJobs).set(values).where(held(job)).returning({ id: es2plusJobs.id });

/** Sets columns of a job this copy holds (nothing when it no longer does). */
export const setHeldJob = (db: Db, job: Es2plusJobRow, values: Partial<Es2plusJobRow>) =>
  db.update(es2plusJobs).set(values).where(held(job));

/** The profile order that holds this ICCID (none or one). */
export const orderJobOfIccid = (tx: Tx, iccid: string) =>
  tx
    .select({ id: es2plusJobs.id })
    .from(es2plusJobs)
    .where(and(eq(es2plusJobs.kind, 'order'), eq(es2plusJobs.iccid, iccid)))
    .limit(1);

/** The ICCID's install state, if it has one (none or one). */
export const installStateOf = (db: Db, iccid: string) =>
  db
    .select({ state: installProgress.state })
    .from(installProgress)
    .where(eq(installProgress.iccid, iccid))
    .limit(1);

/** Records the profile released at `at` (its first install state), unless it has one. */
export const markReleased = (q: Queries, iccid: string, at: Date) =>
  q
    .insert(installProgress)
    .values({ iccid, state: 'released', stateAt: at, updatedAt: at })
    .onConflictDoNothing();

/** The job's row, locked for update (none or one). */
export const lockJob = (tx: Tx, id: number) =>
  tx.select().from(es2plusJobs).where(eq(es2plusJobs.id, id)).for('update');

/** Sets columns of a job. */
export const setJob = (tx: Tx, id: number, values: Partial<Es2plusJobRow>) =>
  tx.update(es2plusJobs).set(values).where(eq(es2plusJobs.id, id));

/** Stores a profile. */
export const insertProfile = (tx: Tx, row: typeof profiles.$inferInsert) =>
  tx.insert(profiles).values(row);
