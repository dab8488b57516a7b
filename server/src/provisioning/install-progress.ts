import type { InstallState } from '#domain/order-life';
import type { Deps } from '../deps';
import {
  es2plusProfileOf,
  insertProgressNotification,
  lockInstallProgress,
  upsertInstallProgress,
} from './queries';

/**
 * Install progress (issue #27, decision 077): the SM-DP+ calls the shop's
 * HandleDownloadProgressInfo (SGP.22 §5.3.5) at each notification point of a profile's download
 * to a phone. Every notification is recorded per ICCID (a repeat of one already recorded is
 * dropped), and the profile's install state is derived from them.
 *
 * Notification points (SGP.22 ES2+; values 5–7 forwarded from the phone's own notifications):
 * 1 eligibility and retry limit check, 2 confirmation failure, 3 BPP download, 4 BPP
 * installation, 5 profile deleted, 6 profile enabled, 7 profile disabled.
 */

export type ProgressNotification = {
  iccid: string;
  notificationPointId: number;
  /** notificationPointStatus.status: Executed-Success, Executed-WithWarning, Failed, Expired. */
  status: string;
  subjectCode?: string | undefined;
  reasonCode?: string | undefined;
  /** The SM-DP+'s timestamp of the event (epoch ms). */
  at: number;
};

const RANK: Record<InstallState, number> = {
  released: 0,
  downloaded: 1,
  installed: 2,
  failed: 1,
  deleted: 3,
};

/** The state a notification speaks of, or null when it changes nothing. */
export function stateOfNotification(pointId: number, status: string): InstallState | null {
  const ok = status === 'Executed-Success' || status === 'Executed-WithWarning';
  switch (pointId) {
    case 1:
      return ok ? null : 'failed';
    case 2:
      return 'failed';
    case 3:
      return ok ? 'downloaded' : 'failed';
    case 4:
      return ok ? 'installed' : 'failed';
    case 5:
      return ok ? 'deleted' : null;
    case 6:
      return ok ? 'installed' : null;
    default:
      return null;
  }
}

/**
 * The install state after a notification, from the state before it (decision 077). A state
 * never goes back: deleted is final; installed gives way only to deleted; a failure counts only
 * before the profile is installed and only if not older than the state it replaces; after a
 * failure, a later success (the phone tried again within the SM-DP+'s retry limit) moves on.
 * So duplicates and notifications that arrive out of order change nothing.
 */
export function nextInstallState(
  current: { state: InstallState; at: number },
  target: InstallState,
  at: number,
): { state: InstallState; at: number } | null {
  if (current.state === 'deleted' || target === current.state) return null;
  if (target === 'deleted') return { state: 'deleted', at };
  if (target === 'failed') {
    if (current.state === 'installed' || at < current.at) return null;
    return { state: 'failed', at };
  }
  if (current.state === 'failed') return at >= current.at ? { state: target, at } : null;
  return RANK[target] > RANK[current.state] ? { state: target, at } : null;
}

export type ProgressOutcome = 'recorded' | 'duplicate' | 'unknown_iccid';

/** Records a notification from `operatorId`'s SM-DP+ and moves the install state. */
export async function recordProgress(
  deps: Pick<Deps, 'database' | 'now' | 'logger'>,
  operatorId: string,
  notification: ProgressNotification,
): Promise<ProgressOutcome> {
  const now = deps.now();
  const outcome = await deps.database.db.transaction(async (tx) => {
    const [profile] = await es2plusProfileOf(tx, notification.iccid, operatorId);
    if (!profile) return 'unknown_iccid' as const;
    const [recorded] = await insertProgressNotification(tx, {
      iccid: notification.iccid,
      operatorId,
      notificationPointId: notification.notificationPointId,
      status: notification.status,
      subjectCode: notification.subjectCode ?? null,
      reasonCode: notification.reasonCode ?? null,
      eventTime: new Date(notification.at),
      receivedAt: new Date(now),
    });
    if (!recorded) return 'duplicate' as const;
    const target = stateOfNotification(notification.notificationPointId, notification.status);
    if (!target) return 'recorded' as const;
    const [current] = await lockInstallProgress(tx, notification.iccid);
    const next = current
      ? nextInstallState(
          { state: current.state, at: current.stateAt.getTime() },
          target,
          notification.at,
        )
      : { state: target, at: notification.at };
    if (!next) return 'recorded' as const;
    await upsertInstallProgress(tx, notification.iccid, {
      state: next.state,
      stateAt: new Date(next.at),
      updatedAt: new Date(now),
    });
    return 'recorded' as const;
  });
  const log = {
    operatorId,
    notificationPointId: notification.notificationPointId,
    status: notification.status,
  };
  if (outcome === 'unknown_iccid') {
    deps.logger.warn(
      { ...log, iccid: notification.iccid },
      'download progress for an unknown ICCID',
    );
  } else {
    deps.logger.info({ ...log, outcome }, 'download progress');
  }
  return outcome;
}
