import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { orders } from '../db/schema';

/** Notes the partner's activation request on a paid order (the first time only). */
export const markActivationRequested = (tx: Tx, orderId: string, now: number) =>
  tx
    .update(orders)
    .set({
      activationRequestedAt: sql`coalesce(${orders.activationRequestedAt}, ${new Date(now).toISOString()}::timestamptz)`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning();
