import { z } from '@hono/zod-openapi';
import { MYANMAR_UTC_OFFSET } from '#domain/myanmar-time';
import { BANK_STATES, ORDER_EVENTS } from '#domain/order-life';
import {
  operatorIds,
  deliveryStateSchema,
  installStateSchema,
  orderStatusSchema,
} from '../orders/schemas';

/**
 * Bodies of the staff routes (/api/staff/*, a staff key): the orders with their delivery, the
 * stock, resend and withdraw. Lists never carry an activation code, only the ICCID.
 */

export const bankStateSchema = z.enum(BANK_STATES).openapi({
  description:
    'What the bank says of a paid order: confirmed (a notification or statement line with its ' +
    'transaction id and amount, or staff), mismatch (same id, another amount), suspect (an ' +
    'imported statement covers its payment time and has no line for it), else unconfirmed.',
});

export const StaffOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string().openapi({ example: '#NXR-20261123-163000' }),
    planId: z.string().openapi({ example: 'power-30' }),
    operatorId: z.enum(operatorIds),
    status: orderStatusSchema,
    deliveryState: deliveryStateSchema,
    contactKind: z.enum(['email', 'phone']),
    transactionId: z.string().nullable(),
    paidAt: z.number().int().nullable(),
    createdAt: z.number().int(),
    iccid: z.string().nullable().openapi({ description: 'The profile on the order, if any.' }),
    profileSource: z.enum(['stock', 'es2plus']).nullable().openapi({
      description: 'Where the order’s profile came from: stock, or its SM-DP+ (ES2+).',
    }),
    installState: installStateSchema.nullable(),
    installStateAt: z.number().int().nullable().openapi({
      description: 'When the install state was reached (epoch ms), or null.',
    }),
    provisioningError: z.string().nullable().openapi({
      description: 'The last ES2+ error of the order’s profile order (retrying or given up).',
    }),
    emailAttempts: z.number().int().openapi({ description: 'Tries of the latest eSIM email.' }),
    emailLastError: z.string().nullable(),
    emailSentAt: z.number().int().nullable(),
    bankState: bankStateSchema,
    paymentRejectedReason: z
      .string()
      .nullable()
      .openapi({ description: 'Why staff rejected the payment, if they did.' }),
  })
  .openapi('StaffOrder');

export const StaffOrderListSchema = z
  .object({ orders: z.array(StaffOrderSchema) })
  .openapi('StaffOrderList');

export const StaffOrderEnvelopeSchema = z
  .object({ order: StaffOrderSchema })
  .openapi('StaffOrderEnvelope');

export const StaffOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ example: 50 }),
  before: z.coerce
    .number()
    .int()
    // JavaScript's dates end at ±8.64e15 ms (review S8: a later instant was a 500).
    .min(0)
    .max(8_640_000_000_000_000)
    .optional()
    .openapi({ description: 'Orders created before this instant (epoch ms): the next page.' }),
  number: z
    .string()
    .max(40)
    .optional()
    .openapi({ description: 'Only the order with this number (with or without #).' }),
});

export const staffOrderParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The order id.' }),
});

export const OrderEventSchema = z
  .object({
    seq: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'The event’s number in the order, from 1.' }),
    event: z.enum(ORDER_EVENTS).openapi({ example: 'paid' }),
    from: z.string().openapi({
      description: 'The state it left: a status, delivery state or bank state, as the event moves.',
      example: 'verifying',
    }),
    to: z.string().openapi({ description: 'The state it reached.', example: 'paid' }),
    actor: z.string().openapi({
      description:
        'Who made the change: buyer, system, bank, provider:<name>, staff:<key name> or ' +
        'partner:<key name>.',
      example: 'buyer',
    }),
    at: z.number().int().openapi({ description: 'When (epoch ms).' }),
    evidence: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .openapi({
        description:
          'What it rests on: a transaction id, a notification event id, a statement line, a reason.',
        example: { method: 'receipt', transactionId: '0123 4567 8901', amount: 80000 },
      }),
  })
  .openapi('OrderEvent');

export const OrderEventsSchema = z
  .object({ events: z.array(OrderEventSchema) })
  .openapi('OrderEvents');

export type OrderEventAnswer = z.infer<typeof OrderEventSchema>;

export const QueuedSchema = z.object({ queued: z.literal(true) }).openapi('Queued');

export const StockReportSchema = z
  .object({
    stock: z.array(
      z.object({
        operatorId: z.string(),
        planId: z.string(),
        inStock: z.number().int(),
        assigned: z.number().int(),
        delivered: z.number().int(),
        withdrawn: z.number().int(),
      }),
    ),
    waitingOrders: z.number().int().openapi({ description: 'Paid orders waiting for stock.' }),
    sources: z
      .array(
        z.object({
          operatorId: z.string(),
          source: z.enum(['stock', 'es2plus']).openapi({
            description: 'PROVISIONING_<OP>: imported stock, or ordered from the SM-DP+ (ES2+).',
          }),
          smdpHost: z.string().nullable().openapi({ description: 'ES2+: the SM-DP+’s host.' }),
          plans: z.array(z.string()).openapi({
            description: 'ES2+: the plans ordered from the SM-DP+; the others come from stock.',
          }),
        }),
      )
      .openapi({ description: 'Where each operator’s profiles come from.' }),
  })
  .openapi('StockReport');

export const StockImportSchema = z
  .object({
    imported: z.number().int(),
    deliveredWaiting: z
      .number()
      .int()
      .openapi({ description: 'Orders that were waiting for stock and got a profile now.' }),
  })
  .openapi('StockImport');

export const SetupWarningsSchema = z
  .object({
    warnings: z.array(
      z.object({
        code: z.enum(['merchant_placeholder', 'contact_hash_secret']).openapi({
          description:
            'merchant_placeholder: the MMQR merchant settings are still the example values. ' +
            'contact_hash_secret: CONTACT_HASH_SECRET is not set outside demo mode (its key is ' +
            'kept in the database and its backups).',
        }),
        settings: z.array(z.string()).openapi({ example: ['VITE_MMQR_MERCHANT_ID'] }),
      }),
    ),
  })
  .openapi('SetupWarnings');
const bankStates = ['confirmed', 'mismatch', 'unconfirmed', 'suspect', 'unmatched'] as const;

export const ReconciliationReportSchema = z
  .object({
    counts: z.object(
      Object.fromEntries(bankStates.map((state) => [state, z.number().int()])) as Record<
        (typeof bankStates)[number],
        z.ZodNumber
      >,
    ),
    orders: z.array(
      z.object({
        orderId: z.uuid(),
        orderNumber: z.string(),
        transactionId: z.string().nullable(),
        bankState: bankStateSchema,
        deliveryState: deliveryStateSchema,
        price: z.number().int(),
        paidAt: z.number().int().nullable(),
      }),
    ),
    unmatched: z.array(
      z.object({
        source: z.enum(['statement', 'notification']),
        line: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'The statement line (null for a notification).' }),
        transactionId: z.string(),
        amount: z.number().int(),
        paidAt: z.number().int(),
        reference: z.string().nullable(),
      }),
    ),
  })
  .openapi('ReconciliationReport');

export const StatementMappingSchema = z
  .object({
    columns: z
      .partialRecord(
        z.enum(['transaction_id', 'amount', 'paid_at', 'payer', 'reference']),
        z.string().min(1),
      )
      .optional()
      .openapi({ example: { transaction_id: 'Txn ID', amount: 'Credit', paid_at: 'Date' } }),
    dateFormat: z.string().optional().openapi({ example: 'DD/MM/YYYY HH:mm' }),
    utcOffset: z.string().optional().openapi({ example: MYANMAR_UTC_OFFSET }),
  })
  .openapi('StatementMapping');

export const StatementUploadSchema = z
  .object({ csv: z.string().min(1), mapping: StatementMappingSchema.optional() })
  .openapi('StatementUpload');

export const StatementImportSchema = z
  .object({
    imported: z.number().int(),
    alreadyImported: z
      .number()
      .int()
      .openapi({ description: 'Lines imported before: they changed nothing.' }),
    confirmed: z.number().int(),
    mismatch: z.number().int(),
    unmatched: z.number().int(),
    suspect: z.number().int().openapi({ description: 'Orders that became suspect (alerted).' }),
    released: z.number().int().openapi({ description: 'Held orders whose eSIM left now.' }),
  })
  .openapi('StatementImport');

export const RejectPaymentBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(3)
      .max(500)
      .openapi({ example: 'No such payment on the merchant account statement of 23 Nov.' }),
  })
  .openapi('RejectPayment');
