import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refunds, serverSecrets } from '../db/schema';

/**
 * The server secret named `name`: kept as `value` when there is none yet, and read back (the
 * first writer's value wins when two processes start together).
 */
export async function keepServerSecret(
  db: Db,
  secret: { name: string; value: string; createdAt: Date },
): Promise<string | undefined> {
  await db.insert(serverSecrets).values(secret).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, secret.name));
  return row?.value;
}

/**
 * The refund round's claim (decision 137): up to `limit` pending refunds of `methods` that are
 * due and not past `maxChecks`, taken by moving `next_check_at` to `now + leaseMs` (SKIP LOCKED,
 * so another copy of the server skips them).
 */
export async function claimDueRefunds(
  db: Db,
  claim: {
    methods: (typeof refunds.$inferSelect)['method'][];
    maxChecks: number;
    now: number;
    leaseMs: number;
    limit: number;
  },
) {
  if (claim.methods.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(
        and(
          eq(refunds.state, 'pending'),
          inArray(refunds.method, claim.methods),
          lt(refunds.checks, claim.maxChecks),
          or(isNull(refunds.nextCheckAt), lte(refunds.nextCheckAt, new Date(claim.now))),
        ),
      )
      .orderBy(asc(refunds.nextCheckAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ nextCheckAt: new Date(claim.now + claim.leaseMs) })
      .where(
        inArray(
          refunds.orderId,
          due.map((row) => row.orderId),
        ),
      )
      .returning();
  });
}

/** A still-pending refund's next check: its count of checks and when it is due again. */
export async function scheduleRefundCheck(
  db: Db,
  orderId: string,
  next: { checks: number; nextCheckAt: Date },
) {
  await db
    .update(refunds)
    .set(next)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending')));
}
