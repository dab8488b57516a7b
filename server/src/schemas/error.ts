import { z } from '@hono/zod-openapi';

/** The one error shape (server/src/errors.ts), as the OpenAPI component `Error`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({
        description: 'Stable, machine-readable code, e.g. validation_failed.',
        example: 'validation_failed',
      }),
      message: z.string().openapi({ description: 'A sentence for a developer or a buyer.' }),
    }),
  })
  .openapi('Error');

const descriptions: Record<number, string> = {
  400: 'Malformed JSON (invalid_json) or a field that breaks the rules (validation_failed).',
  401: 'Missing or invalid API key (unauthorized).',
  404: 'Not found (not_found).',
  409: 'Conflict with the current state (see code).',
  413: 'Request body too large (payload_too_large).',
  422: 'Well-formed but cannot be done (see code).',
  429: 'Too many requests (rate_limited); see Retry-After.',
  500: 'Unexpected error (internal).',
  502: 'The AI service failed (ai_unavailable).',
  503: 'The database is not reachable (database_unavailable); see Retry-After.',
};

/** Route `responses` entries for error statuses, all answering the one error shape. */
export function errorResponses<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? 'Error.',
        content: { 'application/json': { schema: errorBodySchema } },
      },
    ]),
  ) as Record<
    S,
    { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } }
  >;
}
