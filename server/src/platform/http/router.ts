import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { ApiError, errorResponse } from '../errors';

/**
 * A router whose request validation answers in the one error shape (400 validation_failed with
 * the first problem's path and message) instead of zod's raw issue list.
 */
export function createRouter() {
  return new OpenAPIHono({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return errorResponse(
        c,
        new ApiError(400, 'validation_failed', `${where}${issue?.message ?? 'invalid request'}`),
      );
    },
  });
}

export type Router = ReturnType<typeof createRouter>;

/** A route's JSON body or answer, in createRoute's `content` form. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
