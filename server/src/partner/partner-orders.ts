import { type z } from '@hono/zod-openapi';
import { findOperator, plans, recommendedPlan } from '#domain/catalogue';
import type { OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { DEFAULT_OPERATOR, type EsimProfileSchema, type PartnerOrderSchema } from './schemas';
import { assignOrWait, esimOfOrder } from '../delivery/esim-delivery';
import { effectiveStatus } from '../orders/orders';
import { markActivationRequested } from './queries';

type PartnerOrder = z.infer<typeof PartnerOrderSchema>;
type EsimProfile = z.infer<typeof EsimProfileSchema>;

/** Ours: the plan of a purchase that names none. */
export const defaultPurchasePlan = () =>
  recommendedPlan.isAvailable ? recommendedPlan : plans.find((plan) => plan.isAvailable);

/** A new partner order as POST /purchase answers it. */
export function toPartnerOrder(
  deps: Deps,
  row: OrderRow,
  operator: { id: PartnerOrder['operatorId']; name: string },
): PartnerOrder {
  return {
    id: row.id,
    number: row.number,
    status: effectiveStatus(row, deps.now(), deps.config.receiptTimeoutMs),
    planId: row.planId,
    operator: operator.name,
    operatorId: operator.id,
    contactInfo: row.contact ?? '',
    price: row.price,
    currency: 'MMK',
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    mmqrPayload: row.mmqrPayload,
    paidAt: row.paidAt?.getTime() ?? null,
  };
}

/** The order's profile status, read only (its eSIM was delivered when it was handed over). */
export async function profileStatus(deps: Deps, seen: OrderRow): Promise<EsimProfile> {
  const esim = await esimOfOrder(deps.database.db, seen.id);
  return {
    orderId: seen.id,
    number: seen.number,
    status: effectiveStatus(seen, deps.now(), deps.config.receiptTimeoutMs),
    planId: seen.planId,
    operator: findOperator(seen.operatorId)?.name ?? DEFAULT_OPERATOR.name,
    paidAt: seen.paidAt?.getTime() ?? null,
    activation: {
      state: seen.activationRequestedAt ? 'requested' : 'not_requested',
      requestedAt: seen.activationRequestedAt?.getTime() ?? null,
    },
    delivery: seen.deliveryState,
    iccid: esim?.iccid ?? null,
    activationCode: esim?.activationCode ?? null,
    installState: esim?.installState ?? null,
    installStateAt: esim?.installStateAt ?? null,
  };
}

/**
 * Records that the partner asks for a paid order's eSIM to be activated (once: repeating it
 * changes nothing), and gives an order without its eSIM yet one from stock now (or marks it
 * waiting for stock). An unpaid order is 409.
 */
export async function requestActivation(deps: Deps, row: OrderRow): Promise<OrderRow> {
  const now = deps.now();
  if (effectiveStatus(row, now, deps.config.receiptTimeoutMs) !== 'paid') {
    throw new ApiError(
      409,
      'conflict',
      `Order ${row.number} is not paid; it cannot be activated yet.`,
    );
  }
  const activated = await deps.database.db.transaction(async (tx) => {
    const [updated] = await markActivationRequested(tx, row.id, now);
    // A paid order without its eSIM yet (paid outside the receipt check): take one now.
    if (updated?.deliveryState === 'none') return assignOrWait(deps, tx, updated, now);
    return updated;
  });
  return activated ?? row;
}
