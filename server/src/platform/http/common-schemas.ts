import { z } from '@hono/zod-openapi';

export { errorBodySchema, errorResponses } from './error-schema';

/**
 * Marks a route or a field as the shop's own addition rather than part of SPEC's documented
 * API (spread into `.openapi({...})` or `createRoute({...})`); /developers shows it.
 */
export const ours = { 'x-ours': true } as const;

/** Tags of the OpenAPI document, in the order /developers lists them. */
export const tags = [
  { name: 'status', description: 'Platform health (public).' },
  { name: 'catalogue', description: 'Carriers and data plans (public).' },
  { name: 'partner', description: 'Orders placed by partners (API key).' },
  { name: 'shop', description: "The shop's own endpoints, used by this website (order token)." },
  { name: 'ai', description: "The shop's AI calls, forwarded to the AI service." },
  {
    name: 'payments',
    description: 'Payment notifications from the acquirer (a signed webhook, no key).',
  },
  { name: 'staff', description: "The shop's staff: orders, delivery and stock (staff key)." },
  {
    name: 'es2plus',
    description: "Called by an operator's SM-DP+ (GSMA ES2+), with the token the shop gave it.",
  },
] as const;

/** Names of the security schemes (components.securitySchemes). */
export const security = {
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  bearerKey: { type: 'http', scheme: 'bearer' },
  paymentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Payment-Signature',
    description:
      't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> (PAYMENT_NOTIFY_SECRET)',
  },
} as const;

/** `security` of a route that needs a partner API key (either scheme). */
export const partnerSecurity: Record<string, string[]>[] = [
  { apiKeyHeader: [] },
  { bearerKey: [] },
];
/** `security` of a staff route (a staff key as a bearer token). */
export const staffSecurity: Record<string, string[]>[] = [{ bearerKey: [] }];
/** `security` of a public route. */
export const noSecurity: never[] = [];

/** Epoch milliseconds, as in the SPA's types. */
export const epochMs = z.number().int().openapi({ description: 'Epoch milliseconds.' });
