import { createRoute, z } from '@hono/zod-openapi';
import { checkContact } from '#domain/contact';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { ours, partnerSecurity } from '../platform/http/common-schemas';
import { errorResponses } from '../platform/http/error-schema';
import { idempotencyKeySchema } from '../orders/schemas';
import {
  ActivateBodySchema,
  DEFAULT_OPERATOR,
  EsimProfileSchema,
  findOperatorByName,
  PartnerOrderSchema,
  profileParamSchema,
  PurchaseBodySchema,
} from './schemas';
import { requireApiKey, type PartnerVariables } from '../platform/api-keys';
import { withIdempotency } from '../platform/idempotency';
import { availablePlan, createOrder, readPartnerOrder } from '../orders/orders';
import {
  defaultPurchasePlan,
  profileStatus,
  requestActivation,
  toPartnerOrder,
} from './partner-orders';
import { limitBody, SMALL_BODY_BYTES } from '../platform/http/body-limit';
import { createRouter, json } from '../platform/http/router';

const security = partnerSecurity;
const unauthorized = errorResponses({
  401: 'Missing, unknown or revoked API key (WWW-Authenticate: Bearer).',
});

const purchaseRoute = createRoute({
  method: 'post',
  path: '/',
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
  path: '/activate',
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
  path: '/profile/{orderId}',
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

/** POST /purchase (partners, API key). */
export function purchaseRoutes(deps: Deps) {
  const router = createRouter();
  // The key is checked before the body, so a request without one is 401 whatever it sends.
  router.use('/', requireApiKey(deps), limitBody(SMALL_BODY_BYTES));
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
        return { status: 201, body: toPartnerOrder(deps, row, operator) };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, 201);
  });
  return router;
}

/** POST /v1/activate, GET /v1/profile/{orderId} (partners, API key). */
export function partnerV1Routes(deps: Deps) {
  const router = createRouter();
  router.use('*', requireApiKey(deps));
  router.use('/activate', limitBody(SMALL_BODY_BYTES));
  router.openapi(activateRoute, async (c) => {
    const key = (c.var as PartnerVariables).apiKey;
    const row = await readPartnerOrder(deps, key.id, c.req.valid('json').orderId);
    return c.json(await profileStatus(deps, await requestActivation(deps, row)), 200);
  });
  router.openapi(profileRoute, async (c) => {
    const key = (c.var as PartnerVariables).apiKey;
    const row = await readPartnerOrder(deps, key.id, c.req.valid('param').orderId);
    return c.json(await profileStatus(deps, row), 200);
  });
  return router;
}
