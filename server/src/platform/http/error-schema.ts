import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../errors';

/** The one error shape (server/src/platform/errors.ts), as a component of the OpenAPI document. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({
        description: 'Stable, machine-readable code, e.g. `validation_failed`.',
        example: 'validation_failed' satisfies ErrorCode,
      }),
      message: z.string().openapi({ description: 'A sentence for a developer or a buyer.' }),
      details: z
        .array(z.object({ line: z.number().int(), problem: z.string() }))
        .optional()
        .openapi({ description: 'Every problem of a refused input (e.g. a CSV file), by line.' }),
    }),
  })
  .openapi('Error');

/** Error responses for a route, each referencing the one shape: `errorResponses({ 404: '…' })`. */
export function errorResponses<Status extends number>(descriptions: Record<Status, string>) {
  const entries = Object.entries(descriptions) as [string, string][];
  return Object.fromEntries(
    entries.map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: errorBodySchema } } },
    ]),
  ) as Record<
    Status,
    { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } }
  >;
}
