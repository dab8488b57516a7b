import type { OperatorId } from '#domain/catalogue';
import type { Tx } from '../db/database';
import type { Es2plusJobRow } from '../db/schema';
import type { Deps } from '../deps';
import { es2plusFor, type Es2plusOperator } from './provisioning-config';
import { handOver, stockOrWait } from '../delivery/esim-delivery';
import { activationCodeOf, callEs2plus, Es2plusError } from './es2plus-client';
import { queueCancelOrder } from './provisioning';
import { applyTransition } from '../orders/lifecycle-writes';
import { repeatRounds } from '../platform/rounds';
import { safeError } from '../platform/log-safe';
import { lockOrderRow } from '../staff/queries';
import {
  dueJobIds,
  insertProfile,
  installStateOf,
  leaseJobs,
  lockJob,
  markReleased,
  orderJobOfIccid,
  renewHeldJob,
  saveHeldJob,
  setHeldJob,
  setJob,
} from './queries';

/** An SM-DP+ address in an activation code: a host name with an optional port (as stock-csv). */
export const isSmdpHost = (address: string) =>
  /^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d{1,5})?$/.test(address);

/**
 * The provisioning worker (issue #27, decision 076): every PROVISIONING_INTERVAL_MS it claims
 * due ES2+ jobs (a lease, as the outbox: next_attempt_at moves past the calls, so another copy
 * of the server skips them) and makes their calls outside any transaction.
 *
 * A profile order is DownloadOrder → ConfirmOrder (→ ReleaseProfile when the operator needs
 * it). Each answer is stored before the next call, so a retry, or another process after a
 * crash, goes on from the last answer: the ICCID DownloadOrder reserved is the one confirmed,
 * and a profile order (a payment's, or a replacement's: decision 135) never gets a second
 * profile. Network errors, time limits, 5xx and Expired are retried (PROVISIONING_RETRY_BASE_MS
 * doubling, at most 5 minutes); a Failed answer is not. A
 * Failed answer, or an SM-DP+ still down PROVISIONING_FALLBACK_MS after the payment, sends the
 * order to the stock (a profile from stock, or waiting for stock with staff alerted).
 *
 * Review N7: ReleaseProfile is a step of its own, retried until it succeeds before the buyer
 * is handed the profile; a DownloadOrder answered after its time limit has its reservation
 * cancelled at the SM-DP+ (Available), once; errors are logged and stored scrubbed (safeError).
 *
 * The lease (issue #43, decision 134): a round claims up to BATCH jobs at once, but each job's
 * lease is renewed just before its calls, so a slow batch never lets another copy take the job
 * this one is working on; a job whose lease ran out before its turn (and was taken over) stops
 * the batch, and every write of a job's answers holds only while the lease this copy set is
 * still the job's.
 */

export type ProvisioningWorker = {
  /** One round: the due jobs' calls. */
  runOnce(): Promise<{ done: number; retried: number; failed: number }>;
  start(): void;
  /** Stops the interval and waits for a round in progress. */
  stop(): Promise<void>;
};

const BATCH = 10;
const MAX_BACKOFF_MS = 5 * 60_000;

/** A job's lease was taken over by another copy of the server: this copy leaves the job. */
class LeaseLost extends Error {}

export const provisioningBackoffMs = (baseMs: number, attempts: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

type Options = {
  /** The HTTP client per operator (mutual TLS, tests); default: the global fetch. */
  fetchFor?: (operatorId: OperatorId) => typeof fetch;
};

export function createProvisioningWorker(deps: Deps, options: Options = {}): ProvisioningWorker {
  const { database, logger, config } = deps;
  const { db } = database;
  const settings = config.provisioning;

  async function claim(now: number): Promise<Es2plusJobRow[]> {
    return db.transaction(async (tx) => {
      const due = await dueJobIds(tx, new Date(now), BATCH);
      if (due.length === 0) return [];
      return leaseJobs(
        tx,
        due.map((row) => row.id),
        new Date(now + settings.leaseMs),
      );
    });
  }

  /**
   * Renews the lease on a claimed job before its calls: only while the lease this copy set is
   * still the job's (next_attempt_at unchanged, still pending). Another copy that claimed the job
   * after the lease ran out set a later time, so the renewal finds no row: the job is its.
   */
  async function renew(job: Es2plusJobRow): Promise<Es2plusJobRow | null> {
    const [renewed] = await renewHeldJob(db, job, new Date(deps.now() + settings.leaseMs));
    return renewed ?? null;
  }

  /**
   * Whether a locked row is still this copy's: pending under the lease it set, or withdrawn by
   * staff meanwhile (cancelled). Done or failed means another copy finished it.
   */
  const holds = (current: Es2plusJobRow | undefined, job: Es2plusJobRow) =>
    !current ||
    current.state === 'cancelled' ||
    (current.state === 'pending' &&
      current.nextAttemptAt.getTime() === job.nextAttemptAt.getTime());

  const callFor = (operator: Es2plusOperator, operatorId: string) => ({
    operator,
    fetch: options.fetchFor?.(operatorId as OperatorId) ?? fetch,
    randomUUID: deps.randomUUID,
    timeoutMs: settings.timeoutMs,
  });

  /** Stores answers on the job as they arrive (only while this process still holds its lease). */
  async function save(job: Es2plusJobRow, values: Partial<Es2plusJobRow>) {
    const saved = await saveHeldJob(db, job, values);
    if (saved.length === 0) throw new LeaseLost(`job ${job.id}: lease lost`);
  }

  /** Late DownloadOrder answers still awaited (stop() waits for them). */
  const late = new Set<Promise<void>>();

  /**
   * DownloadOrder within PROVISIONING_TIMEOUT_MS. Past it the call counts as failed (and is
   * retried), but its answer is still awaited until the lease ends: a reservation made by an
   * answer that came late is nobody's, and is cancelled at the SM-DP+ (Available), once
   * (review N7: orphan reservations).
   */
  async function downloadOrder(job: Es2plusJobRow, call: ReturnType<typeof callFor>) {
    const pending = callEs2plus(
      { ...call, timeoutMs: Math.max(call.timeoutMs, settings.leaseMs) },
      'downloadOrder',
      { profileType: job.profileType },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), call.timeoutMs);
    });
    try {
      const answer = await Promise.race([pending, timedOut]);
      if (answer !== 'timeout') return answer;
    } finally {
      clearTimeout(timer);
    }
    const orphan = pending
      .then((answer) => cancelOrphan(job, answer))
      .catch((error: unknown) => {
        logger.warn(
          {
            jobId: job.id,
            orderId: job.orderId,
            operatorId: job.operatorId,
            err: safeError(error),
          },
          'late DownloadOrder: no reservation to cancel',
        );
      })
      .finally(() => late.delete(orphan));
    late.add(orphan);
    throw new Es2plusError(`downloadOrder: no answer within ${call.timeoutMs} ms`, false);
  }

  /** A reserved profile nobody gets: cancelled at its SM-DP+ back to `Available`. */
  const releaseReservation = (tx: Tx, job: Es2plusJobRow, iccid: string, now: number) =>
    queueCancelOrder(
      tx,
      { orderId: job.orderId, operatorId: job.operatorId, iccid, finalProfileStatus: 'Available' },
      now,
    );

  /** A DownloadOrder answer that came after its time limit: its ICCID is cancelled, once. */
  async function cancelOrphan(job: Es2plusJobRow, answer: Record<string, unknown>) {
    if (typeof answer.iccid !== 'string' || !/^[0-9]{18,20}F?$/i.test(answer.iccid)) return;
    const iccid = answer.iccid.replace(/F$/i, '');
    await db.transaction(async (tx) => {
      // Adopted meanwhile (cannot happen today: a job's ICCID comes from an answer in time).
      const [owner] = await orderJobOfIccid(tx, iccid);
      if (owner) return;
      await releaseReservation(tx, job, iccid, deps.now());
    });
    logger.warn(
      { jobId: job.id, orderId: job.orderId, operatorId: job.operatorId },
      'late DownloadOrder answer: its reservation is cancelled at the SM-DP+',
    );
  }

  /** Whether the SM-DP+ has released the profile (ReleaseProfile answered, or later news). */
  async function released(iccid: string) {
    const [row] = await installStateOf(db, iccid);
    return row !== undefined;
  }

  async function runOrder(job: Es2plusJobRow, operator: Es2plusOperator) {
    const call = callFor(operator, job.operatorId);
    let { iccid, matchingId, smdpAddress } = job;
    if (!iccid) {
      const answer = await downloadOrder(job, call);
      if (typeof answer.iccid !== 'string' || !/^[0-9]{18,20}F?$/i.test(answer.iccid)) {
        throw new Es2plusError('downloadOrder: the answer has no readable iccid', false);
      }
      iccid = answer.iccid.replace(/F$/i, '');
      // Kept before anything else: a retry or a restart confirms this profile, never a new one.
      // A lease lost meanwhile: the job is another copy's, this reservation nobody's.
      try {
        await save(job, { iccid });
      } catch (error) {
        if (error instanceof LeaseLost) await cancelOrphan(job, answer);
        throw error;
      }
    }
    if (!matchingId) {
      const answer = await callEs2plus(call, 'confirmOrder', {
        iccid,
        releaseFlag: !operator.releaseProfile,
      });
      if (typeof answer.matchingId !== 'string' || !answer.matchingId.trim()) {
        throw new Es2plusError('confirmOrder: the answer has no matchingId', false);
      }
      matchingId = answer.matchingId.trim();
      const given = typeof answer.smdpAddress === 'string' ? answer.smdpAddress.trim() : '';
      // The answer's address goes into the buyer's activation code: a host name (and port) as
      // the stock file's codes, or the call is refused (review N8).
      if (given && !isSmdpHost(given)) {
        throw new Es2plusError('confirmOrder: the answer’s smdpAddress is not a host name', true);
      }
      smdpAddress = given || new URL(operator.url).host;
      await save(job, { matchingId, smdpAddress });
    }
    // ReleaseProfile is its own step (review N7): a retry after it failed calls it again, and
    // no buyer is handed a profile the SM-DP+ has not released. Its success is recorded as the
    // profile's first install state, `released`.
    if (operator.releaseProfile && !(await released(iccid))) {
      await callEs2plus(call, 'releaseProfile', { iccid });
      await markReleased(db, iccid, new Date(deps.now()));
    }
    await finishOrder({ ...job, iccid, matchingId, smdpAddress });
  }

  /** The profile is the order's: one transaction makes it a profile row and the order assigned. */
  async function finishOrder(job: Es2plusJobRow) {
    const now = deps.now();
    const iccid = job.iccid!;
    await db.transaction(async (tx) => {
      const [current] = await lockJob(tx, job.id);
      if (!holds(current, job)) throw new LeaseLost(`job ${job.id}: lease lost`);
      const [order] = await lockOrderRow(tx, job.orderId);
      if (current?.state !== 'pending' || order?.deliveryState !== 'provisioning') {
        // Withdrawn (or given up) while the calls ran: nobody gets this profile.
        if (current?.state === 'pending') {
          await setJob(tx, job.id, { state: 'cancelled', finishedAt: new Date(now) });
        }
        await releaseReservation(tx, job, iccid, now);
        return;
      }
      const handed = handOver(deps, order, now);
      await insertProfile(tx, {
        id: deps.randomUUID(),
        operatorId: order.operatorId,
        planId: order.planId,
        iccid,
        activationCode: activationCodeOf(job.smdpAddress!, job.matchingId!),
        ...handed.profile,
        orderId: order.id,
        importedAt: new Date(now),
        assignedAt: new Date(now),
        source: 'es2plus',
      });
      await applyTransition(tx, {
        order,
        events: [{ type: 'profileHanded', emailed: handed.emailed }],
        actor: `provider:${job.operatorId}`,
        at: now,
        evidence: { source: 'es2plus', iccid },
        set: handed.order,
      });
      await markReleased(tx, iccid, new Date(now));
      await setJob(tx, job.id, {
        state: 'done',
        iccid,
        matchingId: job.matchingId,
        smdpAddress: job.smdpAddress,
        attempts: job.attempts + 1,
        lastError: null,
        finishedAt: new Date(now),
      });
    });
  }

  /** The SM-DP+ refused, or stayed down too long: the order goes to the stock path. */
  async function giveUp(job: Es2plusJobRow, message: string) {
    const now = deps.now();
    await db.transaction(async (tx) => {
      const [current] = await lockJob(tx, job.id);
      if (current?.state !== 'pending' || !holds(current, job)) return;
      await setJob(tx, job.id, {
        state: 'failed',
        attempts: current.attempts + 1,
        lastError: message,
        finishedAt: new Date(now),
      });
      if (current.kind !== 'order') return;
      if (current.iccid) {
        // Reserved for this order but never shown to anyone: back to the SM-DP+'s inventory.
        await queueCancelOrder(
          tx,
          {
            orderId: current.orderId,
            operatorId: current.operatorId,
            iccid: current.iccid,
            finalProfileStatus: 'Available',
          },
          now,
        );
      }
      const [order] = await lockOrderRow(tx, current.orderId);
      if (order?.deliveryState === 'provisioning') await stockOrWait(deps, tx, order, now);
    });
  }

  async function retryLater(job: Es2plusJobRow, message: string) {
    const now = deps.now();
    const attempts = job.attempts + 1;
    await setHeldJob(db, job, {
      attempts,
      lastError: message,
      nextAttemptAt: new Date(now + provisioningBackoffMs(settings.retryBaseMs, attempts)),
    });
  }

  async function run(job: Es2plusJobRow): Promise<'done' | 'retried' | 'failed' | 'lost'> {
    const operator = es2plusFor(settings, job.operatorId);
    try {
      if (!operator) {
        throw new Es2plusError(`${job.operatorId} is no longer served over ES2+`, true);
      }
      if (job.kind === 'order') {
        await runOrder(job, operator);
      } else {
        await callEs2plus(callFor(operator, job.operatorId), 'cancelOrder', {
          iccid: job.iccid,
          finalProfileStatusIndicator: job.finalProfileStatus ?? 'Unavailable',
        });
        await setHeldJob(db, job, {
          state: 'done',
          attempts: job.attempts + 1,
          lastError: null,
          finishedAt: new Date(deps.now()),
        });
      }
      return 'done';
    } catch (error) {
      if (error instanceof LeaseLost) {
        logger.warn(
          { jobId: job.id, kind: job.kind, orderId: job.orderId, operatorId: job.operatorId },
          'ES2+ job taken over by another instance (lease lost): left to it',
        );
        return 'lost';
      }
      // What is logged and stored (staff see last_error) goes through the scrubber (review N7,
      // S4): a database error's parameters carry the activation code, and an SM-DP+'s own
      // message may quote an ICCID.
      const err = safeError(error);
      const permanent = error instanceof Es2plusError && error.permanent;
      const message = (err.code ? `${err.message} (SQLSTATE ${err.code})` : err.message).slice(
        0,
        500,
      );
      const outage =
        job.kind === 'order' && deps.now() - job.createdAt.getTime() >= settings.fallbackMs;
      const log = {
        jobId: job.id,
        kind: job.kind,
        orderId: job.orderId,
        operatorId: job.operatorId,
        attempts: job.attempts + 1,
        err,
      };
      if (permanent || outage) {
        logger.error(log, permanent ? 'SM-DP+ refused' : 'SM-DP+ down too long');
        await giveUp(job, message);
        return 'failed';
      }
      logger.warn(log, 'SM-DP+ call failed, will retry');
      await retryLater(job, message);
      return 'retried';
    }
  }

  async function runOnce() {
    const outcome = { done: 0, retried: 0, failed: 0 };
    const jobs = await claim(deps.now());
    for (const claimed of jobs) {
      // Each job gets a whole lease for its calls, however long the ones before it took.
      const job = await renew(claimed);
      if (!job) {
        // Its lease ran out while earlier jobs were worked, and another copy took it over: the
        // rest of the batch (claimed together, leased as long) is left to the next round.
        logger.warn(
          { jobId: claimed.id, left: jobs.length - jobs.indexOf(claimed) },
          'ES2+ lease lost before the job: the batch stops',
        );
        break;
      }
      const result = await run(job);
      if (result === 'lost') break;
      outcome[result] += 1;
    }
    return outcome;
  }

  const rounds = repeatRounds(runOnce, settings.intervalMs, (error) =>
    logger.error({ err: safeError(error) }, 'provisioning round failed'),
  );
  return {
    runOnce,
    start: rounds.start,
    stop: async () => {
      await rounds.stop();
      await Promise.allSettled([...late]);
    },
  };
}
