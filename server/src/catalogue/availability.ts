import { operators, plans } from '#domain/catalogue';
import type { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { stockedPlans } from './queries';
import type { AvailabilitySchema } from './schemas';
import { runsTestProviders } from '../payments/providers/provider-config';
import { es2plusFor } from '../provisioning/provisioning-config';

/**
 * Before payment the buyer sees, per operator and plan, whether an eSIM is ready now (issue
 * #24, decision 072): only a profile in stock counts (assigned, delivered and withdrawn ones do
 * not), of the kind this server's receipts get (demo profiles for demo decisions only, decision
 * 068), or an operator and plan ordered from the operator's SM-DP+ at sale (ES2+, decision 076).
 * The answer says ready or not, never how many: stock levels are the shop's business.
 */
export type Availability = z.infer<typeof AvailabilitySchema>;

export async function readAvailability(deps: Pick<Deps, 'database' | 'config'>) {
  const stocked = await stockedPlans(deps.database.db, deps.config.ai.mode === 'demo');
  const ready = new Set(stocked.map((row) => `${row.operatorId}/${row.planId}`));
  const fromSmdp = (operatorId: string, planId: string) =>
    deps.config.ai.mode !== 'demo' &&
    Boolean(es2plusFor(deps.config.provisioning, operatorId)?.profileTypes[planId]);
  const items = plans
    .filter((plan) => plan.isAvailable)
    .flatMap((plan) =>
      operators.map((operator) => ({
        planId: plan.id,
        operatorId: operator.id,
        ready: ready.has(`${operator.id}/${plan.id}`) || fromSmdp(operator.id, plan.id),
      })),
    );
  return {
    items,
    promiseMinutes: Math.round(deps.config.delivery.stockPromiseMs / 60_000),
    emailDelivery: Boolean(deps.config.delivery.smtpUrl),
    testPayments: runsTestProviders(deps.config.payments),
  } satisfies Availability;
}
