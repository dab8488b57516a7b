import { createRoute, z } from '@hono/zod-openapi';
import { checkContact } from '#domain/contact';
import type { Deps } from '../deps';
import type { Providers } from '../payments/providers/provider-payments';
import { requireApiKey, type PartnerVariables } from '../platform/api-keys';
import { ApiError } from '../platform/errors';
import { limitBody, SMALL_BODY_BYTES } from '../platform/http/body-limit';
import { staffSecurity } from '../platform/http/common-schemas';
import { errorResponses } from '../platform/http/error-schema';
import { createRouter, json } from '../platform/http/router';
import { readOrderWithToken } from './orders';
import {
  approveRefund,
  approveReplacement,
  buyerRequestState,
  checkRequestRefund,
  createRequest,
  refuseRequest,
  staffRequests,
} from './requests';
import {
  BuyerRequestStateSchema,
  orderIdParamSchema,
  orderTokenHeaderSchema,
  RequestBodySchema,
  RequestSchema,
  StaffRequestSchema,
} from './schemas';

/** Refund and replacement requests (issue #41): the buyer's two routes and the staff's four. */

const ApproveBodySchema = z
  .object({
    action: z.enum(['refund', 'replace']),
    bankReference: z.string().trim().min(3).max(100).optional(),
  })
  .openapi('ApproveRequestBody');

const RefuseBodySchema = z
  .object({ reason: z.string().trim().min(3).max(500) })
  .openapi('RefuseRequestBody');

const requestParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The request id.' }),
});

const orderWithToken = {
  params: orderIdParamSchema,
  headers: z.object({ 'x-order-token': orderTokenHeaderSchema }),
};

const readRequestRoute = createRoute({
  method: 'get',
  path: '/{id}/request',
  tags: ['shop'],
  summary: 'The order’s refund or replacement request, and what the policy reads',
  request: orderWithToken,
  responses: {
    200: { description: 'The latest request (or null).', content: json(BuyerRequestStateSchema) },
    ...errorResponses({ 404: 'No such order, or a wrong or missing order token.' }),
  },
});

const createRequestRoute = createRoute({
  method: 'post',
  path: '/{id}/request',
  tags: ['shop'],
  summary: 'Ask for a refund or a new eSIM',
  description:
    'The refund policy answers from the reason, the eSIM’s install state and the days since ' +
    'payment; staff then decide. One open request per order. `email`: where the answer goes.',
  middleware: [limitBody(SMALL_BODY_BYTES)] as const,
  request: { ...orderWithToken, body: { required: true, content: json(RequestBodySchema) } },
  responses: {
    201: { description: 'The request.', content: json(BuyerRequestStateSchema) },
    ...errorResponses({
      400: 'A wrong kind, reason, a note over 500 characters or an invalid email.',
      404: 'No such order, or a wrong or missing order token.',
      409: 'not_paid, request_open (another request waits) or order_closed (refunded).',
    }),
  },
});

const auth = errorResponses({
  401: 'Missing, unknown or revoked key (WWW-Authenticate: Bearer).',
  403: 'A partner key: these routes need a staff key.',
});

const listRoute = createRoute({
  method: 'get',
  path: '/requests',
  tags: ['staff'],
  security: staffSecurity,
  summary: 'Refund and replacement requests, open first',
  responses: {
    200: {
      description: 'The requests with their order, payment method and install state.',
      content: json(z.object({ requests: z.array(StaffRequestSchema) })),
    },
    ...auth,
  },
});

const decided = {
  200: { description: 'The request now.', content: json(z.object({ request: RequestSchema })) },
};

const approveRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/approve',
  tags: ['staff'],
  security: staffSecurity,
  summary: 'Approve: refund the way the money came, or hand a new eSIM',
  description:
    'A refund of an MMQR or bank payment is recorded with `bankReference` (required); a card ' +
    'or KBZPay payment is refunded through its provider (one refund per order; a failed one may ' +
    'be approved again and is asked with the same request number).',
  request: {
    params: requestParamSchema,
    body: { required: true, content: json(ApproveBodySchema) },
  },
  responses: {
    ...decided,
    ...auth,
    ...errorResponses({
      400: 'No bankReference for a manual refund.',
      404: 'No such request.',
      409: 'Decided already, refund_in_progress, or no eSIM to replace.',
      503: 'The provider’s refunds are not set up on this server.',
    }),
  },
});

const refuseRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/refuse',
  tags: ['staff'],
  security: staffSecurity,
  summary: 'Refuse a request, with the reason the buyer reads',
  request: {
    params: requestParamSchema,
    body: { required: true, content: json(RefuseBodySchema) },
  },
  responses: {
    ...decided,
    ...auth,
    ...errorResponses({ 400: 'No reason.', 404: 'No such request.', 409: 'Decided already.' }),
  },
});

const checkRoute = createRoute({
  method: 'post',
  path: '/requests/{id}/check',
  tags: ['staff'],
  security: staffSecurity,
  summary: 'Ask the provider where a pending refund stands',
  request: { params: requestParamSchema },
  responses: {
    ...decided,
    ...auth,
    ...errorResponses({ 404: 'No such request, or no refund.' }),
  },
});

/** GET/POST /api/orders/{id}/request (the order token). */
export function buyerRequestRoutes(deps: Deps) {
  const router = createRouter();
  router.openapi(readRequestRoute, async (c) => {
    const row = await readOrderWithToken(
      deps,
      c.req.valid('param').id,
      c.req.valid('header')['x-order-token'],
    );
    return c.json(await buyerRequestState(deps, row), 200);
  });
  router.openapi(createRequestRoute, async (c) => {
    const row = await readOrderWithToken(
      deps,
      c.req.valid('param').id,
      c.req.valid('header')['x-order-token'],
    );
    const body = c.req.valid('json');
    let email: string | null = null;
    if (body.email?.trim()) {
      const contact = checkContact(body.email);
      if (!contact.valid || contact.kind !== 'email') {
        throw new ApiError(400, 'validation_failed', 'email: not an email address');
      }
      email = contact.value;
    }
    await createRequest(deps, row, {
      kind: body.kind,
      reason: body.reason,
      note: body.note?.trim() ?? '',
      email,
    });
    return c.json(await buyerRequestState(deps, row), 201);
  });
  return router;
}

const staffActor = (variables: object) =>
  `staff:${(variables as PartnerVariables).apiKey.name}` as const;

/** /api/staff/requests…: list, approve, refuse, check (a staff key). */
export function staffRequestRoutes(deps: Deps, providers: Providers) {
  const router = createRouter();
  router.use('/requests', requireApiKey(deps, 'staff'));
  router.use('/requests/*', requireApiKey(deps, 'staff'));
  router.openapi(listRoute, async (c) => c.json({ requests: await staffRequests(deps) }, 200));
  router.openapi(approveRoute, async (c) => {
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    const actor = staffActor(c.var);
    const request =
      body.action === 'refund'
        ? await approveRefund(deps, providers, id, actor, body.bankReference ?? null)
        : await approveReplacement(deps, id, actor);
    return c.json({ request }, 200);
  });
  router.openapi(refuseRoute, async (c) => {
    const id = c.req.valid('param').id;
    const request = await refuseRequest(deps, id, c.req.valid('json').reason, staffActor(c.var));
    return c.json({ request }, 200);
  });
  router.openapi(checkRoute, async (c) => {
    const request = await checkRequestRefund(deps, providers, c.req.valid('param').id);
    return c.json({ request }, 200);
  });
  return router;
}
