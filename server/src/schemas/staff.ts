import { z } from '@hono/zod-openapi';
import { operatorIds, deliveryStateSchema, orderStatusSchema } from './orders';

/**
 * Bodies of the staff routes (/api/staff/*, a staff key): the orders with their delivery, the
 * stock, resend and withdraw. Lists never carry an activation code, only the ICCID.
 */

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
    emailAttempts: z.number().int().openapi({ description: 'Tries of the latest eSIM email.' }),
    emailLastError: z.string().nullable(),
    emailSentAt: z.number().int().nullable(),
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
});

export const staffOrderParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The order id.' }),
});

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
