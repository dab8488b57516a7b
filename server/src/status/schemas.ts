import { z } from '@hono/zod-openapi';

export const serviceStateSchema = z
  .enum(['OPERATIONAL', 'DEGRADED', 'OUTAGE'])
  .openapi('ServiceStatus');

export const serviceSchema = z
  .object({
    id: z.string().openapi({ example: 'database' }),
    name: z.string().openapi({ example: 'Order database' }),
    status: serviceStateSchema,
    message: z.string(),
    latency: z
      .number()
      .nullable()
      .openapi({ description: 'Milliseconds the check took; null when nothing was measured.' }),
  })
  .openapi('Service');

export const statusResponseSchema = z
  .object({
    overallStatus: serviceStateSchema,
    aiMode: z.enum(['gemini', 'demo']).openapi({
      description:
        'gemini: receipts are read by Gemini. demo: no key is set; a demo script decides them ' +
        'and only demo eSIM profiles are handed out. Every answer of the API also carries it ' +
        'in the X-AI-Mode header.',
    }),
    lastChecked: z.iso.datetime().openapi({
      description: 'When the checks ran (ISO 8601, UTC).',
      example: '2026-11-23T10:00:00.000Z',
    }),
    services: z.array(serviceSchema),
    aiBudgets: z
      .array(
        z.object({
          feature: z.enum(['chat', 'compatibility', 'support', 'image', 'video']),
          requestsLeft: z.number().int().min(0),
          requests: z.number().int().min(0),
        }),
      )
      .optional()
      .openapi({
        description:
          "What is left today (UTC) of each public AI feature's shop-wide budget of requests " +
          '(decision 121); absent when the database is not reachable.',
      }),
  })
  .openapi('StatusResponse', {
    example: {
      overallStatus: 'OPERATIONAL',
      aiMode: 'gemini',
      lastChecked: '2026-11-23T10:00:00.000Z',
      services: [
        {
          id: 'database',
          name: 'Order database',
          status: 'OPERATIONAL',
          message: 'Orders are being saved normally.',
          latency: 2,
        },
        {
          id: 'ai',
          name: 'AI payment verification',
          status: 'OPERATIONAL',
          message: 'The last AI call succeeded 3 minutes ago.',
          latency: 1840,
        },
        {
          id: 'outbox',
          name: 'Order notifications',
          status: 'OPERATIONAL',
          message: 'No notification is waiting.',
          latency: 1,
        },
      ],
    },
  });

export type StatusResponse = z.infer<typeof statusResponseSchema>;
export type ServiceState = z.infer<typeof serviceStateSchema>;
