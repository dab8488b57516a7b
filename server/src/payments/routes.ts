import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { ours } from '../platform/http/common-schemas';
import { errorResponses } from '../platform/http/error-schema';
import { handleNotification, verifySignature } from './payment-notifications';
import { limitBody, SMALL_BODY_BYTES } from '../platform/http/body-limit';
import { createRouter, json } from '../platform/http/router';

export const PaymentNotificationSchema = z
  .object({
    eventId: z
      .string()
      .min(1)
      .max(200)
      .openapi({ example: 'evt_0001', description: 'Unique per event; a repeat changes nothing.' }),
    transactionId: z.string().min(1).max(200).openapi({ example: '0123 4567 8901' }),
    orderNumber: z.string().min(1).max(40).openapi({
      example: '#NXR-20261123-163000',
      description: 'The MMQR bill reference, with or without #.',
    }),
    amount: z.number().int().positive().openapi({ example: 80_000, description: 'Whole MMK.' }),
    currency: z.literal('MMK'),
    paidAt: z.iso.datetime({ offset: true }).openapi({ example: '2026-11-23T10:01:00Z' }),
    payerName: z.string().max(200).optional(),
  })
  .openapi('PaymentNotification');

const PaidSchema = z
  .object({ orderId: z.uuid(), status: z.literal('paid') })
  .openapi('NotificationPaid');
const DuplicateSchema = z.object({ duplicate: z.literal(true) }).openapi('NotificationDuplicate');
const RecordedSchema = z
  .object({ recorded: z.literal(true), outcome: z.literal('unmatched') })
  .openapi('NotificationUnmatched');

const SIGNING = `Sign each request with the shared secret PAYMENT_NOTIFY_SECRET:
\`X-Payment-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`. The server
checks the raw body bytes (sign exactly what you send), in constant time, and refuses a time
more than 300 s from its clock. A notification is the bank's confirmation: a match pays the
order and delivers its eSIM at once, whatever the delivery policy, whether or not the buyer
uploaded a screenshot. The transaction id goes through the same unique constraint as receipts,
so a notification and a screenshot of one payment pay one order. Without PAYMENT_NOTIFY_SECRET
the endpoint answers 404 notifications_disabled.

\`\`\`js
import { createHmac } from 'node:crypto';
const body = JSON.stringify({ eventId, transactionId, orderNumber, amount, currency: 'MMK', paidAt });
const t = Math.floor(Date.now() / 1000);
const v1 = createHmac('sha256', process.env.PAYMENT_NOTIFY_SECRET).update(\`\${t}.\${body}\`).digest('hex');
await fetch(\`\${API_BASE_URL}/api/payments/notifications\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': \`t=\${t},v1=\${v1}\` },
  body,
});
\`\`\`

Locally, \`npm run payment -- notify <orderNumber> [--amount N]\` signs and sends one.`;

const notificationRoute = createRoute({
  method: 'post',
  path: '/notifications',
  operationId: 'paymentNotification',
  tags: ['payments'],
  summary: 'A payment notification from the acquirer (signed)',
  description: SIGNING,
  ...ours,
  security: [{ paymentSignature: [] }],
  request: { body: { required: true, content: json(PaymentNotificationSchema) } },
  responses: {
    200: {
      description:
        'The order is paid (and its eSIM delivered), or the same eventId was seen before ' +
        '(`{"duplicate": true}`, nothing done again).',
      content: json(z.union([PaidSchema, DuplicateSchema])),
    },
    202: {
      description:
        'No such order, another amount or a closed order: recorded for staff, nothing paid.',
      content: json(RecordedSchema),
    },
    ...errorResponses({
      400: 'Not a notification (validation_failed, invalid_json).',
      401: 'Missing or wrong signature, a changed body, or a time more than 300 s off.',
      404: 'notifications_disabled: the server has no PAYMENT_NOTIFY_SECRET.',
      409: 'transaction_reused: the transaction id already paid another order (recorded).',
      413: 'The body is larger than 16 KB.',
    }),
  },
});

/** POST /api/payments/notifications: the acquirer's signed word that a payment arrived. */
export function paymentRoutes(deps: Deps) {
  const router = createRouter();
  // Before the body is parsed: the signature covers the raw bytes, and without a secret there
  // is nothing to check against.
  const signed = createMiddleware(async (c, next) => {
    const secret = deps.config.bank.notifySecret;
    if (!secret) {
      throw new ApiError(
        404,
        'notifications_disabled',
        'Payment notifications are off on this server (PAYMENT_NOTIFY_SECRET is not set).',
      );
    }
    const raw = new Uint8Array(await c.req.arrayBuffer());
    await verifySignature(secret, c.req.header('x-payment-signature'), raw, deps.now());
    await next();
  });
  router.use('/notifications', limitBody(SMALL_BODY_BYTES), signed);

  router.openapi(notificationRoute, async (c) => {
    const outcome = await handleNotification(deps, c.req.valid('json'));
    if (outcome.status === 202) return c.json(outcome.body, 202);
    return c.json(outcome.body, 200);
  });
  return router;
}
