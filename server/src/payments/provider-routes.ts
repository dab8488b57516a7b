import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { errorResponses } from '../platform/http/error-schema';
import { limitBody, SMALL_BODY_BYTES } from '../platform/http/body-limit';
import { createRouter, json } from '../platform/http/router';
import { withIdempotency } from '../platform/idempotency';
import { readOrder, readOrderWithToken } from '../orders/orders';
import {
  idempotencyKeySchema,
  languageSchema,
  orderIdParamSchema,
  orderTokenHeaderSchema,
} from '../orders/schemas';
import type { ProviderId } from './providers/provider-config';
import {
  acceptReport,
  checkOnReturn,
  startProviderPayment,
  type Providers,
} from './providers/provider-payments';

/**
 * The payment providers' endpoints (issue #40, decision 117): the buyer starts a card or wallet
 * payment, the providers notify, the buyer's browser comes back from the hosted page.
 */

const StartPaymentBodySchema = z
  .object({
    method: z.enum(['2c2p', 'kbzpay']).openapi({
      description: 'One of the order’s paymentMethods confirmed by a provider.',
    }),
    language: languageSchema.optional().openapi({
      description:
        'The hosted page’s language and the order page’s on return. Defaults to the order’s.',
    }),
  })
  .openapi('StartPayment');

const StartedPaymentSchema = z
  .object({
    method: z.enum(['2c2p', 'kbzpay']),
    invoiceNo: z.string().openapi({ example: '402717256981' }),
    currency: z.enum(['MMK', 'USD']),
    amount: z.number().int().openapi({ description: 'Minor units (US cents; whole kyat).' }),
    redirectUrl: z.url().optional().openapi({
      description: '2c2p: send the buyer’s browser here (2C2P’s hosted card page).',
    }),
    qrPayload: z.string().optional().openapi({
      description: 'kbzpay: KBZPay’s dynamic MMQR for this order and amount, to draw as a QR code.',
    }),
    testWalletUrl: z
      .url()
      .optional()
      .openapi({
        description:
          'kbzpay on the test fake only (the order’s paymentMethods say test): the fake’s TEST ' +
          'wallet page that pays this QR code with no money, since no real wallet app can.',
      }),
  })
  .openapi('StartedPayment');

const startRoute = createRoute({
  method: 'post',
  path: '/{id}/payments',
  tags: ['shop'],
  summary: 'Pay an order by card (2C2P) or with KBZPay’s QR code',
  description:
    'Starts a payment at the provider for this order: a hosted card page to open ' +
    '(`redirectUrl`) or a QR code to show (`qrPayload`). The order is paid only when the ' +
    'provider confirms it (its signed notification, checked with its inquiry); the order page ' +
    'learns of it from GET /api/orders/{id}/stream. Each call is a new attempt; an ' +
    '`Idempotency-Key` repeat answers the first one again.',
  middleware: [limitBody(SMALL_BODY_BYTES)] as const,
  request: {
    params: orderIdParamSchema,
    headers: z.object({
      'x-order-token': orderTokenHeaderSchema,
      'idempotency-key': idempotencyKeySchema.optional(),
    }),
    body: { required: true, content: json(StartPaymentBodySchema) },
  },
  responses: {
    201: { description: 'The payment, started.', content: json(StartedPaymentSchema) },
    ...errorResponses({
      400: 'Malformed JSON or an unknown method (validation_failed).',
      404: 'No such order, or a wrong or missing order token.',
      409: 'order_expired or order_closed (paid or cancelled).',
      422: 'method_unavailable: this server does not take that method; or an Idempotency-Key reused with another body.',
      503: 'provider_unavailable: the provider did not answer (Retry-After); nothing was paid.',
    }),
  },
});

const NotifiedSchema = z
  .object({
    received: z.literal(true),
    outcome: z.enum([
      'paid',
      'already_paid',
      'declined',
      'pending',
      'mismatch',
      'unknown_invoice',
      'inquiry_disagrees',
      'refused',
    ]),
  })
  .openapi('ProviderNotified');

const notifyErrors = errorResponses({
  401: 'Not signed by the provider with this merchant’s key (or not its format).',
  404: 'method_unavailable: the provider is not switched on (PAYMENT_METHODS).',
  413: 'The body is larger than 16 KB.',
  503: 'provider_unavailable: the inquiry got no answer; nothing paid, send again.',
});

const twoC2PNotifyRoute = createRoute({
  method: 'post',
  path: '/2c2p/notify',
  operationId: 'twoC2PNotification',
  tags: ['payments'],
  summary: '2C2P’s backend notification ({"payload": "<JWT HS256>"})',
  description:
    'Verified from the raw body: the JWT must be HS256 with TWOC2P_SECRET_KEY (`alg: none`, ' +
    'HS512 or any other algorithm is refused, 401). Its merchantID, invoiceNo, amount and ' +
    'currencyCode must be the invoice’s, respCode 0000; then the server asks 2C2P’s ' +
    'paymentInquiry and pays only when it agrees. A repeat changes nothing. When 2C2P does ' +
    'not answer the inquiry the answer is 503 and nothing is paid: 2C2P sends again.',
  responses: {
    200: {
      description: 'Received: what the server made of it (only `paid` paid the order).',
      content: json(NotifiedSchema),
    },
    ...notifyErrors,
  },
});

const kbzPayNotifyRoute = createRoute({
  method: 'post',
  path: '/kbzpay/notify',
  operationId: 'kbzPayNotification',
  tags: ['payments'],
  summary: 'KBZPay’s payment notification ({"Request": {…, "sign"}})',
  description:
    'Verified from the raw body: `sign` must be KBZPay’s SHA-256 sign with KBZPAY_APP_KEY ' +
    '(compared in constant time). Its merch_code, merch_order_id, total_amount and ' +
    'trans_currency must be the invoice’s and trade_status PAY_SUCCESS; then the server ' +
    'asks queryorder and pays only when it agrees. Answers `success` (text), as KBZPay expects.',
  responses: {
    200: {
      description: '`success` (text/plain): received.',
      content: { 'text/plain': { schema: z.string().openapi({ example: 'success' }) } },
    },
    ...notifyErrors,
  },
});

const returnRoute = (method: 'get' | 'post') =>
  createRoute({
    method,
    path: '/2c2p/return/{invoiceNo}',
    tags: ['shop'],
    summary: 'The buyer’s browser back from 2C2P’s hosted page',
    description:
      'The unsigned `paymentResponse` is never believed: the server asks 2C2P’s inquiry (a late ' +
      'notification), then sends the browser to the order page in the buyer’s language.',
    request: { params: z.object({ invoiceNo: z.string().regex(/^\d{12}$/) }) },
    responses: {
      303: { description: 'To the order page (`#/order/<id>?lang=…&payment=…`).' },
      ...errorResponses({ 404: 'No such invoice.' }),
    },
  });

/** POST /api/orders/{id}/payments: the buyer starts a provider payment. */
export function providerOrderRoutes(deps: Deps, providers: Providers) {
  const router = createRouter();
  router.openapi(startRoute, async (c) => {
    const headers = c.req.valid('header');
    const body = c.req.valid('json');
    const row = await readOrderWithToken(deps, c.req.valid('param').id, headers['x-order-token']);
    const answer = await withIdempotency(
      deps,
      { scope: `payment:${row.id}`, key: headers['idempotency-key'], request: body },
      async () => ({
        status: 201,
        body: await startProviderPayment(
          deps,
          providers,
          row,
          body.method,
          body.language ?? row.language,
        ),
      }),
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, 201);
  });
  return router;
}

/** The providers' notifications and the browser's return, under /api/payments. */
export function providerPaymentRoutes(deps: Deps, providers: Providers) {
  const router = createRouter();
  const providerOf = (id: ProviderId) => {
    const provider = providers.get(id);
    if (!provider) {
      throw new ApiError(404, 'method_unavailable', `${id} payments are off on this server.`);
    }
    return provider;
  };
  /** The raw bytes, as they came: the signature is checked over them, never a re-encoding. */
  const accept = async (id: ProviderId, request: Request) => {
    const provider = providerOf(id);
    const report = await provider.readNotification(new Uint8Array(await request.arrayBuffer()));
    return { provider, ...(await acceptReport(deps, provider, report)) };
  };
  router.use('/2c2p/notify', limitBody(SMALL_BODY_BYTES));
  router.use('/kbzpay/notify', limitBody(SMALL_BODY_BYTES));
  router.openapi(twoC2PNotifyRoute, async (c) => {
    const { outcome } = await accept('2c2p', c.req.raw);
    return c.json({ received: true as const, outcome }, 200);
  });
  router.openapi(kbzPayNotifyRoute, async (c) => {
    const { provider } = await accept('kbzpay', c.req.raw);
    // KBZPay stops sending once it reads `success`.
    return c.text(provider.acknowledgement.body, 200);
  });
  const back = async (invoiceNo: string) => {
    const provider = providerOf('2c2p');
    const attempt = await checkOnReturn(deps, provider, invoiceNo);
    if (!attempt) throw new ApiError(404, 'not_found', 'No such payment.');
    const { shopUrl } = deps.config.delivery;
    const language = (await readOrder(deps, attempt.orderId))?.language ?? 'en';
    const payment = attempt.state === 'started' ? 'returned' : attempt.state;
    return `${shopUrl}/#/order/${attempt.orderId}?lang=${language}&payment=${payment}`;
  };
  router.openapi(returnRoute('post'), async (c) =>
    c.redirect(await back(c.req.valid('param').invoiceNo), 303),
  );
  router.openapi(returnRoute('get'), async (c) =>
    c.redirect(await back(c.req.valid('param').invoiceNo), 303),
  );
  return router;
}
