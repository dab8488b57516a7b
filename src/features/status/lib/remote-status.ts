import '../../../lib/zod-config';
import * as z from 'zod/mini';
import { noteServerAiMode } from '../../../lib/server-ai-mode';
import { aiFeatures, serviceStates, type StatusReport, type StatusSource } from './status-report';

/**
 * The services GET /status of the shop's own server reports (server/src/status/routes.ts). The
 * page names them and describes their state in its own words, in the visitor's language.
 */
export const serverServiceIds = ['database', 'ai', 'outbox'] as const;

/** A status URL that does not answer within this time counts as a failed check. */
export const STATUS_TIMEOUT_MS = 8_000;

export class StatusLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StatusLoadError';
  }
}

/** 'OPERATIONAL' and 'operational' are both accepted; the page works with lower case. */
const state = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => value.trim().toLowerCase()),
  ),
  z.enum(serviceStates),
);

const instant = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value, context) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.issues.push({ code: 'custom', message: 'not a date', input: value });
      return z.NEVER;
    }
    return date;
  }),
);

/** The documented status response (SPEC §3): overallStatus, lastChecked and the services. */
export const statusResponseSchema = z.object({
  overallStatus: state,
  // The shop's own server (issue #23): demo when no Gemini key reads the receipts.
  aiMode: z.optional(z.string()),
  lastChecked: instant,
  services: z.array(
    z.object({
      id: z.string().check(z.minLength(1)),
      name: z.string().check(z.minLength(1)),
      status: state,
      message: z.string(),
      latency: z.nullable(z.number().check(z.nonnegative())),
    }),
  ),
  aiBudgets: z.optional(
    z.array(
      z.object({
        feature: z.enum(aiFeatures),
        requestsLeft: z.number().check(z.nonnegative()),
        requests: z.number().check(z.nonnegative()),
      }),
    ),
  ),
});

/** Turns a documented response body into the page's report; throws StatusLoadError if it is not one. */
export function parseStatusResponse(body: unknown): StatusReport {
  const result = statusResponseSchema.safeParse(body);
  if (!result.success) {
    throw new StatusLoadError('The status response does not have the documented shape', {
      cause: result.error,
    });
  }
  const { overallStatus, lastChecked, services, aiMode, aiBudgets } = result.data;
  return {
    overall: overallStatus,
    lastChecked,
    ...(aiMode === 'demo' ? { demo: true } : {}),
    ...(aiBudgets
      ? {
          aiBudgets: aiBudgets.map((budget) => ({
            feature: budget.feature,
            left: budget.requestsLeft,
            total: budget.requests,
          })),
        }
      : {}),
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      status: service.status,
      message: service.message.trim() || undefined,
      latencyMs: service.latency ?? undefined,
    })),
  };
}

/** A source that GETs the documented status response from `url` and validates it. */
export function remoteStatusSource(url: string): StatusSource {
  return async (signal) => {
    const timeout = AbortSignal.timeout(STATUS_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new StatusLoadError('The status service could not be reached', { cause: error });
    }
    noteServerAiMode(response);
    if (!response.ok) throw new StatusLoadError(`The status service answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new StatusLoadError('The status response is not JSON', { cause: error });
    }
    return parseStatusResponse(body);
  };
}
