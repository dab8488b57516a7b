import { eq } from 'drizzle-orm';
import { operators, plans } from '../../../src/config/catalogue';
import { profiles } from '../db/schema';
import type { Deps } from '../deps';

/**
 * Before payment the buyer sees, per operator and plan, whether an eSIM is ready now (issue
 * #24, decision 072): only a profile in stock counts (assigned, delivered and withdrawn ones do
 * not). The answer says ready or not, never how many: stock levels are the shop's business.
 */
export type Availability = {
  items: { planId: string; operatorId: string; ready: boolean }[];
  /** Not ready: staff promise the eSIM this long after payment (STOCK_PROMISE_MINUTES). */
  promiseMinutes: number;
};

export async function readAvailability(deps: Pick<Deps, 'database' | 'config'>) {
  const stocked = await deps.database.db
    .selectDistinct({ operatorId: profiles.operatorId, planId: profiles.planId })
    .from(profiles)
    .where(eq(profiles.state, 'in_stock'));
  const ready = new Set(stocked.map((row) => `${row.operatorId}/${row.planId}`));
  const items = plans
    .filter((plan) => plan.isAvailable)
    .flatMap((plan) =>
      operators.map((operator) => ({
        planId: plan.id,
        operatorId: operator.id,
        ready: ready.has(`${operator.id}/${plan.id}`),
      })),
    );
  return {
    items,
    promiseMinutes: Math.round(deps.config.delivery.stockPromiseMs / 60_000),
  } satisfies Availability;
}
