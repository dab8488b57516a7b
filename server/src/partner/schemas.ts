import { z } from '@hono/zod-openapi';
import { operators, recommendedPlan } from '#domain/catalogue';
import { checkContact } from '#domain/contact';
import { ours } from '../platform/http/common-schemas';
import {
  deliveryStateSchema,
  installStateSchema,
  operatorIds,
  orderStatusSchema,
} from '../orders/schemas';

/**
 * Bodies of the partner API (POST /purchase, POST /v1/activate, GET /v1/profile/{orderId}).
 * SPEC §6–7 gives the purchase payload (two readings) and nothing else; every field or default
 * the spec does not give says "Ours:" in its description.
 */

/** An operator by its name (`MPT`, as /developers documents) or our id (`mpt`), any case. */
export function findOperatorByName(text: string) {
  const wanted = text.trim().toLowerCase();
  return operators.find(
    (operator) => operator.name.toLowerCase() === wanted || operator.id === wanted,
  );
}

/** Ours: the operator when a purchase names none (the largest network). */
export const DEFAULT_OPERATOR = operators[0]!;

export const PurchaseBodySchema = z
  .object({
    operator: z
      .string()
      .max(32)
      .refine((value) => !!findOperatorByName(value), {
        message: `Expected one of ${operators.map((operator) => operator.name).join(', ')}.`,
      })
      .optional()
      .openapi({
        example: 'MPT',
        description:
          'Reading 1 (purchase flow): MPT, ATOM, Ooredoo or Mytel. Ours: any case, our ids ' +
          `(mpt, atom, ooredoo, mytel) too, and ${DEFAULT_OPERATOR.name} when absent.`,
      }),
    planId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .openapi({
        example: recommendedPlan.id,
        description:
          'Reading 2 (audit API spec): a plan id from GET /plans. Ours: when absent, the plan ' +
          `recommended for tourists if it is on sale (${recommendedPlan.id}), else the first ` +
          'plan on sale; an unknown or unavailable plan is 422 plan_unavailable.',
      }),
    contactInfo: z
      .string()
      .max(254)
      .refine((value) => checkContact(value).valid, {
        message: 'Expected an email address or a phone number starting with 09.',
      })
      .openapi({
        example: 'traveller@example.com',
        description: 'Email address or phone number starting with 09.',
      }),
    language: z
      .enum(['en', 'my'])
      .optional()
      .openapi({
        ...ours,
        description: 'Ours: the language of the eSIM delivery message; default en.',
      }),
  })
  .openapi('PurchaseRequest', {
    description:
      'Both readings of SPEC §3 are accepted: `{ operator, contactInfo }` and ' +
      '`{ planId, contactInfo }`; both fields together are fine too.',
  });

const operatorNameSchema = z.enum(
  operators.map((operator) => operator.name) as [string, ...string[]],
);

export const PartnerOrderSchema = z
  .object({
    id: z.uuid().openapi({
      ...ours,
      description: 'Ours: the order id (also accepted by /v1 paths).',
    }),
    number: z.string().openapi({
      ...ours,
      example: '#NXR-20261123-163000',
      description: 'The order number (SPEC §3), the bill reference inside the MMQR payload.',
    }),
    status: orderStatusSchema.openapi({ ...ours }),
    planId: z.string().openapi({ ...ours, example: 'power-30' }),
    operator: operatorNameSchema.openapi({ ...ours }),
    operatorId: z.enum(operatorIds).openapi({ ...ours, description: 'Ours: the operator’s id.' }),
    contactInfo: z.string().openapi({ ...ours, description: 'Ours: the contact as normalised.' }),
    price: z
      .number()
      .int()
      .openapi({ ...ours, example: 80_000 }),
    currency: z.literal('MMK').openapi({ ...ours }),
    createdAt: z
      .number()
      .int()
      .openapi({ ...ours, description: 'Ours: epoch ms.' }),
    expiresAt: z
      .number()
      .int()
      .openapi({
        ...ours,
        description: 'Ours: epoch ms when the payment code expires (10 minutes).',
      }),
    mmqrPayload: z.string().openapi({
      ...ours,
      description: 'The MMQR payload to show the buyer as a QR code (SPEC §7 "Payment QR").',
    }),
    paidAt: z
      .number()
      .int()
      .nullable()
      .openapi({ ...ours, description: 'Ours: epoch ms, or null.' }),
  })
  .openapi('PartnerOrder', {
    description: 'Ours: the purchase response (SPEC leaves it unspecified).',
  });

export const ActivateBodySchema = z
  .object({
    orderId: z
      .string()
      .min(1)
      .max(64)
      .openapi({
        ...ours,
        example: 'NXR-20261123-163000',
        description: 'Ours: the order id or number (with or without #) from POST /purchase.',
      }),
  })
  .openapi('ActivateRequest', { description: 'Ours: SPEC gives no activate fields.' });

export const EsimProfileSchema = z
  .object({
    orderId: z.uuid().openapi({ ...ours, description: 'The order id.' }),
    number: z.string().openapi({ ...ours, example: '#NXR-20261123-163000' }),
    status: orderStatusSchema.openapi({ ...ours }),
    planId: z.string().openapi({ ...ours }),
    operator: operatorNameSchema.openapi({ ...ours }),
    paidAt: z
      .number()
      .int()
      .nullable()
      .openapi({ ...ours, description: 'Epoch ms, or null.' }),
    activation: z
      .object({
        state: z.enum(['not_requested', 'requested']).openapi({ ...ours }),
        requestedAt: z
          .number()
          .int()
          .nullable()
          .openapi({ ...ours, description: 'Epoch ms of the first activation request, or null.' }),
      })
      .openapi({ ...ours }),
    delivery: deliveryStateSchema.openapi({
      ...ours,
      description:
        'Ours: none (unpaid), waiting_for_stock, provisioning (being ordered from the ' +
        'operator’s SM-DP+), held, assigned (the eSIM below is the order’s), ' +
        'delivered (this key has read it), withdrawn (refunded: no eSIM).',
    }),
    iccid: z
      .string()
      .nullable()
      .openapi({
        ...ours,
        description: 'The eSIM’s ICCID while assigned or delivered, else null.',
      }),
    activationCode: z
      .string()
      .nullable()
      .openapi({
        ...ours,
        example: 'LPA:1$smdp.example.com$K2-1ABC2-3DEF4G',
        description:
          'Ours: LPA:1$<SM-DP+ address>$<matching ID> (the eSIM QR code’s content) while ' +
          'assigned or delivered, else null.',
      }),
    installState: installStateSchema.nullable().openapi({
      ...ours,
      description:
        'Ours: what the buyer’s phone did with an eSIM ordered from the operator’s SM-DP+ ' +
        '(ES2+), as the SM-DP+ reported it; null for an eSIM from stock, or without one.',
    }),
    installStateAt: z
      .number()
      .int()
      .nullable()
      .openapi({ ...ours, description: 'When the install state was reached (epoch ms), or null.' }),
  })
  .openapi('EsimProfile', {
    description: 'Ours: the profile status of an order (SPEC names the call, not its fields).',
  });

export const profileParamSchema = z.object({
  orderId: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: 'orderId', in: 'path' },
      example: 'NXR-20261123-163000',
      description: 'The order number (SPEC example NXR-20261121-093015) or, ours, the order id.',
    }),
});
