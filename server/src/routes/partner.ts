import { createRoute, z } from '@hono/zod-openapi';
import { findOperator, plans, recommendedPlan } from '#domain/catalogue';
import { checkContact } from '#domain/contact';
import { and, eq, sql } from 'drizzle-orm';
import { orders, type OrderRow } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { ours, partnerSecurity } from '../schemas/common';
import { errorResponses } from '../schemas/error';
import { idempotencyKeySchema } from '../schemas/orders';
import {
  ActivateBodySchema,
  DEFAULT_OPERATOR,
  EsimProfileSchema,
  findOperatorByName,
  PartnerOrderSchema,
  profileParamSchema,
  PurchaseBodySchema,
} from '../schemas/partner';
import { requireApiKey, type PartnerVariables } from '../services/api-keys';
import { assignOrWait, esimOfOrder } from '../services/delivery';
import { withIdempotency } from '../services/idempotency';
import { availablePlan, createOrder, effectiveStatus, readPartnerOrder } from '../services/orders';
import { limitBody, SMALL_BODY_BYTES } from './body-limit';
import { createRouter } from './router';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const security = partnerSecurity;
const unauthorized = errorResponses({
  401: 'Missing, unknown or revoked API key (WWW-Authenticate: Bearer).',
});

/** Ours: the plan of a purchase that names none. */
export const defaultPurchasePlan = () =>
  recommendedPlan.isAvailable ? recommendedPlan : plans.find((plan) => plan.isAvailable);

const purchaseRoute = createRoute({
  method: 'post',
  path: '/purchase',
  tags: ['partner'],
  summary: 'Buy a plan',
  security,
  request: {
    headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional().openapi(ours) }),
    body: { required: true, content: json(PurchaseBodySchema) },
  },
  responses: {
    201: {
      description: 'Ours: the order, awaiting payment through its MMQR payload.',
      content: json(PartnerOrderSchema),
    },
    ...unauthorized,
    ...errorResponses({
      400: 'Malformed JSON or an invalid field (validation_failed).',
      409: 'The first request with this Idempotency-Key is still running.',
      413: 'The body is too large.',
      422: 'Unknown or unavailable plan (plan_unavailable), or an Idempotency-Key reused with another body.',
      429: 'Too many orders this instant (rate_limited).',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

const activateRoute = createRoute({
  method: 'post',
  path: '/v1/activate',
  tags: ['partner'],
  summary: 'Activate an eSIM',
  description:
    'Ours: records that the partner asks for the eSIM of a paid order to be activated ' +
    '(repeating it changes nothing), and gives the order a profile from stock if it has none ' +
    'yet (or marks it waiting_for_stock). The answer carries the eSIM’s ICCID and activation ' +
    'code; reading them is their delivery. Only the key that made the order can see it.',
  security,
  request: { body: { required: true, content: json(ActivateBodySchema) } },
  responses: {
    200: { description: 'Ours: the profile after the request.', content: json(EsimProfileSchema) },
    ...unauthorized,
    ...errorResponses({
      400: 'Malformed JSON or a missing orderId.',
      404: 'No such order for this API key.',
      409: 'The order is not paid (conflict).',
    }),
  },
});

const profileRoute = createRoute({
  method: 'get',
  path: '/v1/profile/{orderId}',
  tags: ['partner'],
  summary: 'eSIM profile status of an order',
  description: 'Ours: fields and authentication (the API key that made the order).',
  security,
  request: { params: profileParamSchema },
  responses: {
    200: { description: 'Ours: the profile status.', content: json(EsimProfileSchema) },
    ...unauthorized,
    ...errorResponses({ 404: 'No such order for this API key.' }),
  },
});

function operatorName(row: OrderRow) {
  return findOperator(row.operatorId)?.name ?? DEFAULT_OPERATOR.name;
}

/** POST /purchase, POST /v1/activate, GET /v1/profile/{orderId} (partners, API key). */
export function partnerRoutes(deps: Deps) {
  const router = createRouter();
  const timeoutMs = deps.config.receiptTimeoutMs;
  // The key is checked before the body, so a request without one is 401 whatever it sends.
  const auth = requireApiKey(deps);
  router.use('/purchase', auth);
  router.use('/v1/*', auth);
  router.use('/purchase', limitBody(SMALL_BODY_BYTES));
  router.use('/v1/activate', limitBody(SMALL_BODY_BYTES));

  /** The order's profile status, read only (its eSIM was delivered when it was handed over). */
  const profileStatus = async (seen: OrderRow): Promise<z.infer<typeof EsimProfileSchema>> => {
    const esim = await esimOfOrder(deps.database.db, seen.id);
    return {
      orderId: seen.id,
      number: seen.number,
      status: effectiveStatus(seen, deps.now(), timeoutMs),
      planId: seen.planId,
      operator: operatorName(seen),
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
  };

  router.openapi(purchaseRoute, async (c) => {
    const key = (c.var as PartnerVariables).apiKey;
    const body = c.req.valid('json');
    const contact = checkContact(body.contactInfo);
    if (!contact.valid) throw new ApiError(400, 'validation_failed', 'contactInfo: invalid');
    const operator = body.operator ? findOperatorByName(body.operator)! : DEFAULT_OPERATOR;
    const answer = await withIdempotency(
      deps,
      { scope: `purchase:${key.id}`, key: c.req.valid('header')['idempotency-key'], request: body },
      async () => {
        const plan = body.planId ? availablePlan(body.planId) : defaultPurchasePlan();
        if (!plan) throw new ApiError(422, 'plan_unavailable', 'No plan is on sale right now.');
        const { row } = await createOrder(deps, {
          plan,
          operatorId: operator.id,
          contact: { kind: contact.kind, value: contact.value },
          language: body.language ?? 'en',
          partnerKeyId: key.id,
        });
        const order: z.infer<typeof PartnerOrderSchema> = {
          id: row.id,
          number: row.number,
          status: effectiveStatus(row, deps.now(), timeoutMs),
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
        return { status: 201, body: order };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, 201);
  });

  router.openapi(activateRoute, async (c) => {
    const key = (c.var as PartnerVariables).apiKey;
    const row = await readPartnerOrder(deps, key.id, c.req.valid('json').orderId);
    if (effectiveStatus(row, deps.now(), timeoutMs) !== 'paid') {
      throw new ApiError(
        409,
        'conflict',
        `Order ${row.number} is not paid; it cannot be activated yet.`,
      );
    }
    const now = deps.now();
    const activated = await deps.database.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({
          activationRequestedAt: sql`coalesce(${orders.activationRequestedAt}, ${new Date(now).toISOString()}::timestamptz)`,
        })
        .where(and(eq(orders.id, row.id), eq(orders.status, 'paid')))
        .returning();
      // A paid order without its eSIM yet (paid outside the receipt check): take one now.
      if (updated?.deliveryState === 'none') return assignOrWait(deps, tx, updated, now);
      return updated;
    });
    return c.json(await profileStatus(activated ?? row), 200);
  });

  router.openapi(profileRoute, async (c) => {
    const key = (c.var as PartnerVariables).apiKey;
    const row = await readPartnerOrder(deps, key.id, c.req.valid('param').orderId);
    return c.json(await profileStatus(row), 200);
  });

  return router;
}
