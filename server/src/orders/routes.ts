import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { checkContact } from '#domain/contact';
import { clientKey } from '../platform/client-address';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { errorResponses } from '../platform/http/error-schema';
import {
  ChangeContactBodySchema,
  CreatedOrderSchema,
  CreateOrderBodySchema,
  idempotencyKeySchema,
  LookupQueuedSchema,
  OrderEnvelopeSchema,
  OrderLookupBodySchema,
  orderIdParamSchema,
  orderTokenHeaderSchema,
  ReceiptBodySchema,
  ReceiptResultSchema,
} from './schemas';
import { fromBase64Url, sha256Bytes, toBase64Url, xorBytes } from '../platform/hashing';
import { withIdempotency, type Sealer } from '../platform/idempotency';
import type { OrderRow } from '../db/schema';
import { deliveryOf, type Delivery } from '../delivery/esim-delivery';
import {
  availablePlan,
  cancelOrder,
  changeOrderContact,
  createOrder,
  readOrder,
  readOrderWithToken,
  toShopOrder,
} from './orders';
import { contactHash } from './contact-hash';
import { queueOrderLookup } from './order-lookup';
import { submitReceipt } from '../payments/receipts';
import { paymentMethodsOf } from '../payments/providers/provider-payments';
import { databaseRateLimiter, enforceLimit, limitKeys } from '../platform/abuse-limits';
import type { RateDecision } from '../platform/rate-limit';
import { limitBody, RECEIPT_BODY_BYTES, SMALL_BODY_BYTES } from '../platform/http/body-limit';
import { createRouter, json } from '../platform/http/router';

/** One order's id in the path and its token in X-Order-Token, as the buyer's routes take them. */
const orderWithToken = {
  params: orderIdParamSchema,
  headers: z.object({ 'x-order-token': orderTokenHeaderSchema }),
};

const createOrderRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['shop'],
  summary: 'Create an order (the shop’s checkout)',
  middleware: [limitBody(SMALL_BODY_BYTES)] as const,
  request: {
    headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
    body: { required: true, content: json(CreateOrderBodySchema) },
  },
  responses: {
    201: {
      description: 'The order and its token (shown once).',
      content: json(CreatedOrderSchema),
    },
    ...errorResponses({
      400: 'Malformed JSON, a wrong type, or an invalid contact (validation_failed).',
      409: 'The first request with this Idempotency-Key is still running.',
      413: 'The body is too large.',
      422: 'Unknown or unavailable plan (plan_unavailable), or an Idempotency-Key reused with another body.',
      429: 'Too many orders from this client address (ORDER_LIMIT_PER_ADDRESS, default 120 per 10 min), or more than 9,999 in one second (rate_limited, Retry-After).',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

const readOrderRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['shop'],
  summary: 'Read an order’s state',
  request: orderWithToken,
  responses: {
    200: { description: 'The order.', content: json(OrderEnvelopeSchema) },
    ...errorResponses({
      404: 'No such order, or a wrong or missing order token (never says which).',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

const submitReceiptRoute = createRoute({
  method: 'post',
  path: '/{id}/receipt',
  tags: ['shop'],
  summary: 'Submit a payment receipt for the server to check',
  description:
    'The server asks the AI service to read the screenshot and decides with the shop’s rules. ' +
    'A refusal is a 200 with `verification.status = failed`; when the AI service cannot answer ' +
    '(quota, outage, timeout) the answer is 503 ai_unavailable with Retry-After and the order is ' +
    'open again: send the receipt again (with a new Idempotency-Key). The image is never stored.',
  middleware: [limitBody(RECEIPT_BODY_BYTES)] as const,
  request: {
    params: orderIdParamSchema,
    headers: z.object({
      'x-order-token': orderTokenHeaderSchema,
      'idempotency-key': idempotencyKeySchema.optional(),
    }),
    body: { required: true, content: json(ReceiptBodySchema) },
  },
  responses: {
    200: {
      description: 'Confirmed (the order is paid) or failed with a reason.',
      content: json(ReceiptResultSchema),
    },
    ...errorResponses({
      400: 'Malformed JSON or a wrong type (validation_failed).',
      404: 'No such order, or a wrong or missing order token.',
      409: 'order_expired, order_closed, receipt_in_progress (Retry-After), or a repeat of a running request.',
      413: 'The body is larger than 4 MB.',
      422: 'An Idempotency-Key reused with another body.',
      429: 'Too many receipt checks for this order (RECEIPT_LIMIT_PER_ORDER, default 5 per 10 min) or from this client address (RECEIPT_LIMIT_PER_ADDRESS, default 120 per hour): rate_limited, Retry-After. Only checks that reach the AI service count.',
      503: 'ai_unavailable or database_unavailable, with Retry-After: nothing was lost, try again.',
    }),
  },
});

const changeContactRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['shop'],
  summary: 'Correct the contact of an order awaiting payment',
  description:
    'The same order, number and payment code; the eSIM is then delivered to the new contact. ' +
    'Only while the order awaits payment and its code has not expired.',
  middleware: [limitBody(SMALL_BODY_BYTES)] as const,
  request: { ...orderWithToken, body: { required: true, content: json(ChangeContactBodySchema) } },
  responses: {
    200: { description: 'The order with its new contact.', content: json(OrderEnvelopeSchema) },
    ...errorResponses({
      400: 'Malformed JSON, a wrong type, or an invalid contact (validation_failed).',
      404: 'No such order, or a wrong or missing order token.',
      409: 'order_expired, order_closed (paid or cancelled), or receipt_in_progress (Retry-After).',
      413: 'The body is too large.',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

const cancelOrderRoute = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['shop'],
  summary: 'Cancel an order awaiting payment',
  description:
    'A buyer who has not paid starts again. Cancelling a cancelled order answers it again; a ' +
    'paid order is never cancelled (refunds follow the refund policy).',
  request: orderWithToken,
  responses: {
    200: { description: 'The cancelled order.', content: json(OrderEnvelopeSchema) },
    ...errorResponses({
      404: 'No such order, or a wrong or missing order token.',
      409: 'order_closed (paid) or receipt_in_progress (Retry-After).',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

const lookupRoute = createRoute({
  method: 'post',
  path: '/lookup',
  tags: ['shop'],
  summary: 'Find my eSIMs: email the links of an address’s paid orders',
  description:
    'A returning buyer gets one email listing a link to each of their paid orders (the newest ' +
    '20), in their language. The answer is 202 whether or not the address has paid orders: ' +
    'only the email, which goes to the address itself, says. Limited per address ' +
    '(3 an hour) and per client (10 an hour): ' +
    '429 with Retry-After.',
  middleware: [limitBody(SMALL_BODY_BYTES)] as const,
  request: { body: { required: true, content: json(OrderLookupBodySchema) } },
  responses: {
    202: { description: 'Accepted (always the same).', content: json(LookupQueuedSchema) },
    ...errorResponses({
      400: 'Malformed JSON or not an email address (validation_failed).',
      413: 'The body is too large.',
      429: 'Too many requests for this address or from this client (rate_limited, Retry-After).',
      503: 'The shop sends no email (email_unavailable), or the database is not reachable.',
    }),
  },
});

/** Find my eSIMs: requests per address and per client, per hour (counted in the database). */
export const LOOKUP_PER_ADDRESS = 3;
export const LOOKUP_PER_CLIENT = 10;
const HOUR_MS = 60 * 60_000;

type Created = z.infer<typeof CreatedOrderSchema>;

const sealPad = (rawKey: string) => sha256Bytes(`order-token-seal:${rawKey}`);

/**
 * The token in a kept answer is sealed with the Idempotency-Key (which the database does not
 * have: it keeps the key's hash), so only a repeat with the same key can read it again.
 */
const tokenSealer: Sealer<Created> = {
  async seal(body, rawKey) {
    const token = fromBase64Url(body.token) ?? new Uint8Array();
    return { ...body, token: toBase64Url(xorBytes(token, await sealPad(rawKey))) };
  },
  async open(stored, rawKey) {
    const body = stored as Created;
    const sealed = fromBase64Url(body.token) ?? new Uint8Array();
    return { ...body, token: toBase64Url(xorBytes(sealed, await sealPad(rawKey))) };
  },
};

/**
 * POST /api/orders, GET and PATCH /api/orders/{id}, POST /api/orders/{id}/cancel and
 * /receipt: the shop’s own endpoints, guarded by the order token.
 */
export function shopOrderRoutes(deps: Deps) {
  const router = createRouter();
  const timeoutMs = deps.config.receiptTimeoutMs;
  // Counted in the database, like every limit, so that every copy of the server shares them.
  const lookupLimits = {
    address: databaseRateLimiter(deps, { limit: LOOKUP_PER_ADDRESS, windowMs: HOUR_MS }),
    client: databaseRateLimiter(deps, { limit: LOOKUP_PER_CLIENT, windowMs: HOUR_MS }),
  };
  const addressOf = (c: Context) => clientKey(c, deps);

  /** The order as its buyer (who holds the token) reads it now: the eSIM included. */
  const forBuyer = async (row: OrderRow) => ({
    ...toShopOrder(row, deps.now(), timeoutMs, await deliveryOf(deps.database.db, row)),
    paymentMethods: paymentMethodsOf(deps.config, row),
  });

  router.openapi(createOrderRoute, async (c) => {
    const body = c.req.valid('json');
    const contact = checkContact(body.contact);
    if (!contact.valid) throw new ApiError(400, 'validation_failed', 'contact: invalid contact');
    const answer = await withIdempotency(
      deps,
      {
        scope: 'orders',
        key: c.req.valid('header')['idempotency-key'],
        request: body,
        sealer: tokenSealer,
      },
      async () => {
        // Per client address (issue #23 item 4); a replayed answer is not counted again. An
        // order is counted in the statement that makes it (decision 101); a plan that is not
        // on sale is counted first, then refused.
        const limit = {
          key: limitKeys.ordersPerAddress(addressOf(c)),
          limit: deps.config.limits.ordersPerAddress,
          message: 'Too many orders were made from this address. Please try again later.',
        };
        let plan;
        try {
          plan = availablePlan(body.planId);
        } catch (refusal) {
          await enforceLimit(deps, limit.key, limit.limit, limit.message);
          throw refusal;
        }
        const { row, token } = await createOrder(
          deps,
          {
            plan,
            operatorId: body.operatorId,
            contact: { kind: contact.kind, value: contact.value },
            language: body.language ?? 'en',
          },
          limit,
        );
        const order = toShopOrder(row, deps.now(), timeoutMs);
        return {
          status: 201,
          body: { order: { ...order, paymentMethods: paymentMethodsOf(deps.config, row) }, token },
        };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, 201);
  });

  // Before /api/orders/{id}: "lookup" is not an order id.
  router.openapi(lookupRoute, async (c) => {
    const body = c.req.valid('json');
    const now = deps.now();
    const client = clientKey(c, deps);
    // The client's own budget first, and the address's only for a client within its own (review
    // N4): a client over its limit spends nobody else's lookups.
    const refuse = (decision: RateDecision) => {
      if (decision.allowed) return;
      throw new ApiError(429, 'rate_limited', 'Too many requests. Please try again later.', {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    };
    refuse(await lookupLimits.client.take(`lookup-client:${client}`, now));
    // The address's HMAC, not the address: the limit table keeps no email.
    refuse(
      await lookupLimits.address.take(
        `lookup-address:${await contactHash(deps, { kind: 'email', value: body.email })}`,
        now,
      ),
    );
    await queueOrderLookup(deps, { email: body.email, language: body.language ?? 'en' });
    return c.json({ queued: true as const }, 202);
  });

  router.openapi(readOrderRoute, async (c) => {
    const row = await readOrderWithToken(
      deps,
      c.req.valid('param').id,
      c.req.valid('header')['x-order-token'],
    );
    return c.json({ order: await forBuyer(row) }, 200);
  });

  router.openapi(changeContactRoute, async (c) => {
    const row = await readOrderWithToken(
      deps,
      c.req.valid('param').id,
      c.req.valid('header')['x-order-token'],
    );
    const contact = checkContact(c.req.valid('json').contact);
    if (!contact.valid) throw new ApiError(400, 'validation_failed', 'contact: invalid contact');
    const changed = await changeOrderContact(deps, row, {
      kind: contact.kind,
      value: contact.value,
    });
    return c.json({ order: await forBuyer(changed) }, 200);
  });

  router.openapi(submitReceiptRoute, async (c) => {
    const headers = c.req.valid('header');
    const body = c.req.valid('json');
    // The token first: a replayed answer is only for the order's own buyer.
    const row = await readOrderWithToken(deps, c.req.valid('param').id, headers['x-order-token']);
    /** The order as this request's check left it, when the check wrote its outcome. */
    let decided: OrderRow | undefined;
    /** Its delivery, when the payment's transaction knew it whole (decision 107). */
    let delivery: Delivery | undefined;
    const answer = await withIdempotency(
      deps,
      { scope: `receipt:${row.id}`, key: headers['idempotency-key'], request: body },
      async () => ({
        status: 200,
        body: await submitReceipt(deps, row, {
          image: body.image,
          language: body.language ?? row.language,
          token: headers['x-order-token'],
          clientAddress: addressOf(c),
          decided: (written, known) => {
            decided = written;
            delivery = known;
          },
        }),
      }),
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    // The kept answer has no eSIM (it is not stored twice); the delivery is read fresh, from the
    // row this check wrote or else the order read now (decision 105), unless this check's own
    // transaction knew it whole (decision 107).
    const fresh = answer.replayed ? undefined : decided;
    const known = fresh && delivery;
    const order = known
      ? { delivery: known }
      : await forBuyer(fresh ?? (await readOrder(deps, row.id)) ?? row);
    // The ways to pay are the config's, never kept: the same list as every other order answer.
    const paymentMethods = paymentMethodsOf(deps.config, fresh ?? row);
    return c.json(
      {
        ...answer.body,
        order: { ...answer.body.order, delivery: order.delivery, paymentMethods },
      },
      200,
    );
  });

  router.openapi(cancelOrderRoute, async (c) => {
    const row = await readOrderWithToken(
      deps,
      c.req.valid('param').id,
      c.req.valid('header')['x-order-token'],
    );
    return c.json({ order: await forBuyer(await cancelOrder(deps, row)) }, 200);
  });

  return router;
}
