import { z } from '@hono/zod-openapi';
import { operators, plans } from '#domain/catalogue';
import { catalogueDocument } from '#domain/catalogue-document';

const carrierIds = operators.map((operator) => operator.id) as [string, ...string[]];
const planIds = plans.map((plan) => plan.id) as [string, ...string[]];

export const carrierSchema = z
  .object({
    id: z.enum(carrierIds).openapi({ description: 'Carrier id; operatorId in orders.' }),
    name: z.string().openapi({ example: 'MPT' }),
    gsma_identifiers: z.object({
      mcc: z.string().openapi({ description: 'Mobile Country Code.', example: '414' }),
      mnc: z.string().openapi({ description: 'Mobile Network Code.', example: '01' }),
    }),
    networks: z.array(z.string()).openapi({ example: ['4G', '3G'] }),
  })
  .openapi('Carrier');

export const planSchema = z
  .object({
    id: z.enum(planIds).openapi({ description: 'Plan id; planId when buying.' }),
    name: z.string(),
    type: z.literal('data_only'),
    data_gb: z.number().openapi({ description: 'Data allowance in GB.' }),
    validity_days: z.number().int().openapi({ description: 'Days the plan lasts.' }),
    price_mmk: z.number().int().openapi({ description: 'Price in Myanmar kyat.' }),
    is_active: z.boolean().openapi({ description: 'false while the plan cannot be bought.' }),
    supported_carriers: z.array(z.string()).openapi({ description: 'Carrier ids.' }),
    features: z.array(z.string()).openapi({ description: 'What the plan includes.' }),
  })
  .openapi('Plan');

export const catalogueSchema = z
  .object({ carriers: z.array(carrierSchema), plans: z.array(planSchema) })
  .openapi('Catalogue', { example: catalogueDocument() });

export const AvailabilitySchema = z
  .object({
    items: z.array(
      z.object({
        planId: z.enum(planIds),
        operatorId: z.enum(carrierIds),
        ready: z.boolean().openapi({
          description:
            'true: an eSIM profile is in stock, delivered the moment the payment is confirmed. ' +
            'false: none in stock now; staff send it within promiseMinutes of payment.',
        }),
      }),
    ),
    promiseMinutes: z.number().int().openapi({
      description: 'Not ready: staff promise the eSIM this many minutes after payment.',
      example: 120,
    }),
    emailDelivery: z.boolean().openapi({
      description:
        'true: this shop sends email (SMTP configured), so an email contact also gets the eSIM ' +
        'by email. false: the eSIM is on screen and on its order page only (issue #44).',
    }),
    testPayments: z.boolean().openapi({
      description:
        'true: the card and KBZPay payments go to test fakes of 2C2P and KBZPay on the server’s ' +
        'own machine (scripts/start.sh without provider keys): no money moves and the eSIMs are ' +
        'demo profiles. The shop’s demo banner says so.',
    }),
  })
  .openapi('Availability');
