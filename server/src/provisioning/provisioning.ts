import type { Tx } from '../db/database';
import type { OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { applyTransition } from '../orders/lifecycle-writes';
import { es2plusFor } from './provisioning-config';
import { cancelJobOfIccid, insertJob, lastOrderAttempt, latestOrderJob } from './queries';

/**
 * The ES2+ source of the provisioning interface (issue #27, decision 076). delivery.ts asks it
 * first when a paid order needs a profile: for an operator whose profiles come from its SM-DP+
 * (and a plan with a profile type), the order reads `provisioning` and a job is queued, in the
 * payment's transaction; the provisioning worker (provisioning-worker.ts) orders the profile
 * after the commit. Any other order is left to the stock.
 */

/** The order of the SM-DP+'s profile type for this order, or null (served from stock). */
export function profileTypeFor(deps: Pick<Deps, 'config'>, order: OrderRow): string | null {
  const operator = es2plusFor(deps.config.provisioning, order.operatorId);
  return operator?.profileTypes[order.planId] ?? null;
}

/**
 * Inside the payment's transaction (or a replacement's, decision 135): when the order's operator
 * is served over ES2+, marks it `provisioning` and queues the profile order, the order's next
 * attempt. Returns the order row, or null for stock.
 */
export async function orderFromSmdp(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  order: OrderRow,
  now: number,
): Promise<OrderRow | null> {
  // A demo decision never orders a real profile: it gets a demo profile from stock (decision 068).
  if (order.verifiedBy === 'demo') return null;
  const profileType = profileTypeFor(deps, order);
  if (!profileType) return null;
  const { order: provisioning } = await applyTransition(tx, {
    order,
    events: [{ type: 'provisioningStarted' }],
    actor: 'system',
    at: now,
    evidence: { profileType },
    set: { promisedBy: null },
  });
  // The caller holds the order's row lock; the unique index (order, attempt) backs it up.
  const [last] = await lastOrderAttempt(tx, order.id);
  await insertJob(tx, {
    kind: 'order',
    attempt: (last?.attempt ?? 0) + 1,
    orderId: order.id,
    operatorId: order.operatorId,
    profileType,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
  return provisioning;
}

/**
 * Queues CancelOrder for a profile the SM-DP+ released to the shop (once per ICCID):
 * `Unavailable` when a buyer was shown it (withdrawn), `Available` when nobody saw it.
 */
export async function queueCancelOrder(
  tx: Tx,
  input: {
    orderId: string;
    operatorId: string;
    iccid: string;
    finalProfileStatus: 'Available' | 'Unavailable';
  },
  now: number,
) {
  const [existing] = await cancelJobOfIccid(tx, input.iccid);
  if (existing) return;
  await insertJob(tx, {
    kind: 'cancel',
    orderId: input.orderId,
    operatorId: input.operatorId,
    iccid: input.iccid,
    finalProfileStatus: input.finalProfileStatus,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
}

/** The latest profile order of an order (its job: the last replacement's, if any), or null. */
export async function orderJobOf(tx: Tx, orderId: string, lock = false) {
  const [job] = await latestOrderJob(tx, orderId, lock);
  return job ?? null;
}
