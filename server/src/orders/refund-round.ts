import type { Deps } from '../deps';
import type { Providers } from '../payments/providers/provider-payments';
import { repeatRounds } from '../platform/rounds';
import { safeError } from '../platform/log-safe';
import { claimDueRefunds, scheduleRefundCheck } from './queries';
import { checkRefund } from './requests';

/**
 * The refund round (issue #41, decision 137): every REFUND_CHECK_INTERVAL it asks the providers
 * about their pending refunds (2C2P's Payment Maintenance RS inquiry, KBZPay's queryorder) until
 * the answer is final, so a refund KBZPay or 2C2P answered "in progress" ends without staff
 * pressing "ask again". The final answer is written by {@link checkRefund} through the order's
 * one writer: `refunded` (the eSIM withdrawn, the buyer told) or `refundFailed` with the
 * provider's reason for staff.
 *
 * `next_check_at` is the lease and the backoff (as the outbox's and the ES2+ jobs'): a round
 * takes due refunds by moving them past its calls (SKIP LOCKED), so another copy of the server
 * skips them; one still pending is asked again after `backoffMs` doubling (at most an hour), and
 * after `maxChecks` such rounds it is left to staff (still pending, shown, "ask again").
 */

export type RefundRound = {
  /** One round: the due refunds asked once. */
  runOnce(): Promise<{ asked: number; final: number }>;
  start(): void;
  /** Stops the interval and waits for a round in progress. */
  stop(): Promise<void>;
};

type Options = { intervalMs?: number; backoffMs?: number; maxChecks?: number };

const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60_000;

export const refundCheckBackoffMs = (baseMs: number, checks: number) =>
  Math.min(baseMs * 2 ** Math.max(0, checks - 1), MAX_BACKOFF_MS);

export function createRefundRound(
  deps: Pick<Deps, 'database' | 'now' | 'config' | 'logger'>,
  providers: Providers,
  options: Options = {},
): RefundRound {
  const { db } = deps.database;
  const intervalMs = options.intervalMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 60_000;
  const maxChecks = options.maxChecks ?? 20;
  // Past every call of one round (each within the providers' time limit).
  const leaseMs = Math.max(deps.config.payments.timeoutMs * 3, intervalMs);
  const methods = [...providers.values()]
    .filter((provider) => provider.refundStatus)
    .map((provider) => provider.id);

  const claim = (now: number) =>
    claimDueRefunds(db, { methods, maxChecks, now, leaseMs, limit: BATCH });

  async function runOnce() {
    const claimed = await claim(deps.now());
    let final = 0;
    for (const refund of claimed) {
      const view = await checkRefund(deps, providers, refund.orderId);
      const state = view?.refund?.state;
      if (state !== 'pending') {
        final += 1;
        deps.logger.info(
          { orderId: refund.orderId, method: refund.method, state },
          'refund round: final answer',
        );
        continue;
      }
      const checks = refund.checks + 1;
      await scheduleRefundCheck(db, refund.orderId, {
        checks,
        nextCheckAt: new Date(deps.now() + refundCheckBackoffMs(backoffMs, checks)),
      });
      if (checks >= maxChecks) {
        deps.logger.warn(
          { orderId: refund.orderId, method: refund.method, checks },
          'refund round: still pending after its last check; staff ask from the requests tab',
        );
      }
    }
    return { asked: claimed.length, final };
  }

  const rounds = repeatRounds(runOnce, intervalMs, (error) =>
    deps.logger.error({ err: safeError(error) }, 'refund round failed'),
  );
  return { runOnce, start: rounds.start, stop: rounds.stop };
}
