import { z } from '@hono/zod-openapi';
import { operators, type OperatorId } from '#domain/catalogue';
import { checkContact } from '#domain/contact';
import {
  DELIVERY_STATES,
  EMAIL_STATES,
  HOLD_REASONS,
  INSTALL_STATES,
  ORDER_STATUSES,
  REFUND_STATES,
} from '#domain/order-life';
import { ESIM_STANDINGS, REQUEST_KINDS, REQUEST_REASONS } from '#domain/refund-policy';
import { imageKindOf } from './image-bytes';

/**
 * Bodies of the shop's own endpoints (POST /api/orders, GET /api/orders/{id},
 * POST /api/orders/{id}/receipt): the contract between the SPA and the server. Times are epoch
 * milliseconds, as in the SPA's `Order` type.
 */

export const operatorIds = operators.map((operator) => operator.id) as [
  OperatorId,
  ...OperatorId[],
];

export const languageSchema = z.enum(['en', 'my']).openapi({
  description: 'The buyer’s language: the AI’s reason for a refused receipt is written in it.',
});

export const orderStatusSchema = z.enum(ORDER_STATUSES).openapi({
  description:
    'awaiting_payment → verifying (a receipt is being checked) → paid, or back to awaiting_payment ' +
    'when refused; expired once the payment window passed unpaid.',
});

export const deliveryStateSchema = z.enum(DELIVERY_STATES).openapi({
  description:
    'none while unpaid; waiting_for_stock (paid, no profile in stock yet); provisioning (the ' +
    'profile is being made at the operator); held (paid on a screenshot, the eSIM leaves when ' +
    'the bank confirms the payment: DELIVERY_POLICY); assigned (a profile ' +
    'is on the order, its email on its way); delivered (its email was sent, or with no email ' +
    'to send the profile was handed over: the answer shows it); ' +
    'withdrawn (staff withdrew the profile: refund).',
});

export const installStateSchema = z.enum(INSTALL_STATES).openapi('InstallState', {
  description:
    'released (ready to download: the QR code works), downloaded (the phone has the profile), ' +
    'installed (installed on the phone), failed (the download or install failed), deleted ' +
    '(removed from the phone). From the SM-DP+’s HandleDownloadProgressInfo (decision 077).',
});

export const EsimSchema = z
  .object({
    iccid: z.string().openapi({ example: '8995012345678901234' }),
    activationCode: z.string().openapi({
      example: 'LPA:1$smdp.example.com$K2-1ABC2-3DEF4G',
      description: 'LPA:1$<SM-DP+ address>$<matching ID>: what the eSIM QR code encodes.',
    }),
    smdpAddress: z.string().openapi({ example: 'smdp.example.com' }),
    matchingId: z.string().openapi({ example: 'K2-1ABC2-3DEF4G' }),
    installState: installStateSchema.nullable().openapi({
      description:
        'What the buyer’s phone did with an eSIM ordered from the operator’s SM-DP+ (ES2+), ' +
        'as the SM-DP+ reported it; null for an eSIM from stock (nothing reports it).',
    }),
    installStateAt: z.number().int().nullable().openapi({
      description: 'When the install state was reached (epoch ms), or null.',
    }),
  })
  .openapi('Esim');

export const DeliverySchema = z
  .object({
    state: deliveryStateSchema,
    esim: EsimSchema.nullable().openapi({
      description: 'The eSIM while assigned or delivered (only with the order token), else null.',
    }),
    promisedBy: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          'While waiting for stock: by when staff promise to send the eSIM; while held: by about ' +
          'when the bank’s confirmation is expected (epoch ms); else null.',
      }),
    reason: z.enum(HOLD_REASONS).nullable().openapi({
      description: 'Why a held order waits; null in every other state.',
    }),
    email: z.object({
      state: z.enum(EMAIL_STATES),
      attempts: z.number().int(),
    }),
  })
  .openapi('Delivery');

/** One way to pay an order on this server (issue #40): the order's answer lists them. */
export const PaymentMethodSchema = z
  .object({
    id: z.enum(['2c2p', 'kbzpay', 'mmqr']).openapi({
      description:
        '2c2p: a card on 2C2P’s hosted page; kbzpay: KBZPay’s QR code for this order; mmqr: the ' +
        'shop’s own MMQR code and a screenshot of the payment.',
    }),
    kind: z.enum(['card', 'wallet']),
    currency: z.enum(['MMK', 'USD']),
    amount: z.number().int().openapi({
      example: 1900,
      description: 'What this method charges, in minor units (US cents; whole kyat).',
    }),
    accepts: z.array(z.string()).openapi({ example: ['visa', 'mastercard', 'jcb', 'unionpay'] }),
    providerConfirmed: z.boolean().openapi({
      description: 'The provider confirms the payment itself: nothing to upload.',
    }),
    test: z.boolean().openapi({
      description:
        'true: the provider is a test fake on the server’s own machine (scripts/start.sh without ' +
        'provider keys): its page and QR code move no money, and the eSIM is a demo profile.',
    }),
  })
  .openapi('PaymentMethod');

export const ShopOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string().openapi({
      example: '#NXR-20261123-163000',
      description: 'Made by the server from Myanmar time; the bill reference in the MMQR code.',
    }),
    planId: z.string().openapi({ example: 'power-30' }),
    operatorId: z.enum(operatorIds),
    contact: z.string().openapi({ description: 'The normalised email or 09… number.' }),
    contactKind: z.enum(['email', 'phone']),
    price: z.number().int().openapi({ example: 80_000 }),
    currency: z.literal('MMK'),
    createdAt: z.number().int(),
    expiresAt: z.number().int().openapi({ description: 'When the payment code expires.' }),
    mmqrPayload: z.string().openapi({ description: 'The MMQR payload to draw as a QR code.' }),
    status: orderStatusSchema,
    transactionId: z.string().nullable(),
    paidAt: z.number().int().nullable(),
    delivery: DeliverySchema,
    paymentMethods: z.array(PaymentMethodSchema).optional().openapi({
      description: 'The ways this server takes payment for the order, in the order to offer them.',
    }),
  })
  .openapi('ShopOrder');

const contactSchema = z
  .string()
  .max(254)
  .refine((value) => checkContact(value).valid, {
    message: 'Please enter a valid email or Viber phone number (e.g., 09...).',
  })
  .openapi({ example: 'traveller@example.com', description: 'An email or a number starting 09.' });

export const CreateOrderBodySchema = z
  .object({
    planId: z.string().min(1).max(64).openapi({ example: 'power-30' }),
    operatorId: z.enum(operatorIds),
    contact: contactSchema,
    language: languageSchema.optional().openapi({ description: 'Defaults to en.' }),
  })
  .openapi('CreateOrder');

export const ChangeContactBodySchema = z
  .object({ contact: contactSchema })
  .openapi('ChangeContact');

export const CreatedOrderSchema = z
  .object({
    order: ShopOrderSchema,
    token: z.string().openapi({
      description:
        'The order token (shown once; the server keeps only its SHA-256). Send it as ' +
        'X-Order-Token to read the order and to submit its receipt.',
    }),
  })
  .openapi('CreatedOrder');

export const OrderEnvelopeSchema = z.object({ order: ShopOrderSchema }).openapi('OrderEnvelope');

export const RECEIPT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ReceiptBodySchema = z
  .object({
    image: z
      .object({
        mimeType: z.enum(RECEIPT_MIME_TYPES),
        base64: z
          .string()
          .min(16)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected the image as base64.')
          .openapi({ description: 'The screenshot, base64. Held in memory for the check only.' }),
      })
      // Bytes that are not a PNG, JPEG or WebP never reach the model (review S12).
      .refine((image) => imageKindOf(image.base64) !== null, {
        message: 'The file is not a PNG, JPEG or WebP image.',
        path: ['base64'],
      }),
    language: languageSchema.optional(),
  })
  .openapi('ReceiptSubmission');

/** One refusal reason: its code, the fields that code carries, and what it means. */
const reason = <C extends string, F extends z.ZodRawShape>(
  code: C,
  description: string,
  fields: F,
) => z.object({ code: z.literal(code).openapi({ description }), ...fields });

/**
 * receipt-rules' FailureReason, exactly: `code` plus the fields that code carries (a test of
 * the types below holds the two equal, so a code added to one and not the other fails to compile).
 */
export const FailureReasonSchema = z
  .discriminatedUnion('code', [
    reason('notConfirmed', 'The model did not confirm the payment: its reason.', {
      modelReason: z.string(),
    }),
    reason('verificationFailed', 'The receipt could not be checked (the AI service failed).', {}),
    reason('connectionProblem', 'The shop could not reach this server (made by the shop).', {}),
    reason('tooManyAttempts', 'Too many receipts: wait (made by the shop from a 429).', {
      retryAfterSeconds: z.number().int(),
    }),
    reason('unreadable', 'The receipt could not be read.', {}),
    reason('amountMissing', 'The receipt shows no amount.', {}),
    reason('amountMismatch', 'The receipt shows another amount or currency.', {
      paid: z.number(),
      currency: z.string().nullable(),
    }),
    reason('notSuccessful', 'The receipt says the payment is not successful.', {
      status: z.string(),
    }),
    reason('idMissing', 'The receipt shows no transaction id.', {}),
    reason('timeMissing', 'The receipt shows no payment time.', {}),
    reason('tooOld', 'The payment is too old.', {}),
    reason('beforeOrder', 'The payment was made before the order.', {}),
    reason('inFuture', 'The payment time is in the future.', {}),
    reason('afterExpiry', 'The payment was made after the order’s code expired.', {}),
    reason('reused', 'The transaction already paid another order.', { transactionId: z.string() }),
    reason(
      'payee',
      'The receipt names a payee not the shop’s (empty: a personal transfer naming nobody).',
      { payee: z.string() },
    ),
    reason('reference', 'The receipt’s reference names another order of the shop.', {
      reference: z.string(),
    }),
  ])
  .openapi('FailureReason');

export const VerificationSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('confirmed'),
      transactionId: z.string(),
      transactionTime: z.number().int(),
      verifiedAt: z.number().int(),
      payeeShown: z.boolean().openapi({
        description:
          'True when the receipt showed the shop (MERCHANT_PAYEE_NAMES) as payee; false when it ' +
          'showed no payee: confirmed, and the delivery policy decides what it gets.',
      }),
    }),
    z.object({ status: z.literal('failed'), reason: FailureReasonSchema }),
  ])
  .openapi('Verification');

export const ReceiptResultSchema = z
  .object({ order: ShopOrderSchema, verification: VerificationSchema })
  .openapi('ReceiptResult');

export const orderIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The order id.' }),
});

export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'Expected printable ASCII without spaces.')
  .openapi({
    description:
      'A random key (a UUID) per intended action: a repeat with the same key and body gets ' +
      'the first answer again (header Idempotent-Replayed: true).',
  });

export const orderTokenHeaderSchema = z.string().max(200).optional().openapi({
  description: 'The order token from POST /api/orders. Wrong or missing: 404.',
});

export const OrderLookupBodySchema = z
  .object({
    email: z
      .string()
      .max(254)
      .refine(
        (value) => {
          const contact = checkContact(value);
          return contact.valid && contact.kind === 'email';
        },
        { message: 'Please enter a valid email address.' },
      )
      .openapi({ example: 'traveller@example.com' }),
    language: languageSchema.optional().openapi({
      description: 'The email’s language and the language the links open in. Defaults to en.',
    }),
  })
  .openapi('OrderLookup');

export const LookupQueuedSchema = z.object({ queued: z.literal(true) }).openapi('LookupQueued', {
  description: 'The same answer whether or not the address has paid orders.',
});

/** Refund and replacement requests (issue #41): the buyer's and the staff's answers. */
const RefundSchema = z
  .object({
    method: z.enum(['manual', '2c2p', 'kbzpay']),
    amount: z.number().int(),
    currency: z.enum(['MMK', 'USD']),
    state: z.enum(['pending', 'done', 'failed']),
    bankReference: z.string().nullable(),
    providerStatus: z.string().nullable(),
    providerReason: z.string().nullable(),
    doneAt: z.number().int().nullable(),
  })
  .openapi('Refund');

export const RequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REQUEST_KINDS),
    reason: z.enum(REQUEST_REASONS),
    note: z.string(),
    policy: z.enum(['refund', 'replace', 'refuse']),
    state: z.enum(['open', 'refunded', 'replaced', 'refused']),
    staffReason: z.string().nullable(),
    createdAt: z.number().int(),
    decidedAt: z.number().int().nullable(),
    refund: RefundSchema.nullable(),
  })
  .openapi('OrderRequest');

export const BuyerRequestStateSchema = z
  .object({
    request: RequestSchema.nullable(),
    standing: z.enum(ESIM_STANDINGS),
    paidAt: z.number().int().nullable(),
  })
  .openapi('BuyerRequestState');

export const RequestBodySchema = z
  .object({
    kind: z.enum(REQUEST_KINDS),
    reason: z.enum(REQUEST_REASONS),
    note: z.string().max(500).optional(),
    email: z.string().max(254).optional(),
  })
  .openapi('OrderRequestBody');

export const StaffRequestSchema = RequestSchema.extend({
  order: z.object({
    id: z.string(),
    number: z.string(),
    planId: z.string(),
    operatorId: z.string(),
    price: z.number(),
    currency: z.string(),
    paidAt: z.number().int().nullable(),
    deliveryState: z.string(),
    refundState: z.enum(REFUND_STATES),
  }),
  paymentMethod: z.enum(['manual', '2c2p', 'kbzpay']),
  installState: z.string().nullable(),
  standing: z.enum(ESIM_STANDINGS),
  hasEmail: z.boolean(),
}).openapi('StaffOrderRequest');
