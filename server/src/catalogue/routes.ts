import { createRoute } from '@hono/zod-openapi';
import { catalogueDocument } from '#domain/catalogue-document';
import type { Deps } from '../deps';
import { AvailabilitySchema, catalogueSchema } from './schemas';
import { noSecurity, ours } from '../platform/http/common-schemas';
import { readAvailability } from './availability';
import { createRouter } from '../platform/http/router';
import type { PreparedGet } from '../platform/http/edge';
import { prepareJson, sendPreparedJson } from '../platform/http/prepared-json';
import { sharedResult } from '../platform/shared-result';

/** Browsers and caches may keep the catalogue for five minutes. */
export const PLANS_CACHE_CONTROL = 'public, max-age=300';

const plansRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listPlans',
  tags: ['catalogue'],
  summary: 'Carriers and data plans',
  description: 'The carriers and plans on offer, prices in MMK, made from the shop catalogue.',
  security: noSecurity,
  responses: {
    200: {
      description: 'The catalogue.',
      headers: {
        ETag: { schema: { type: 'string' }, description: 'Send it back as If-None-Match.' },
        'Cache-Control': { schema: { type: 'string' }, description: PLANS_CACHE_CONTROL },
      },
      content: { 'application/json': { schema: catalogueSchema } },
    },
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
  },
});

/** A buyer sees stock this fresh at most; a sale in between is served by the stock promise. */
export const AVAILABILITY_CACHE_CONTROL = 'public, max-age=15';

const availabilityRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'readAvailability',
  tags: ['shop'],
  summary: 'Whether an eSIM is ready now, per plan and operator',
  description:
    'Every plan on sale with every operator: ready (a profile in stock, delivered at once on ' +
    'payment) or not (none in stock: staff send it within promiseMinutes of payment). Only ' +
    'profiles in stock count; the answer never says how many.',
  security: noSecurity,
  ...ours,
  responses: {
    200: {
      description: 'Availability now.',
      headers: {
        'Cache-Control': { schema: { type: 'string' }, description: AVAILABILITY_CACHE_CONTROL },
      },
      content: { 'application/json': { schema: AvailabilitySchema } },
    },
  },
});

/** How long one reading of the stock answers every GET /api/availability of an instance. */
export const AVAILABILITY_MAX_AGE_MS = 2_000;

/** GET /api/availability: which plan has an eSIM ready now (issue #24). */
export function availabilityRoutes(deps: Deps) {
  const router = createRouter();
  // One query per AVAILABILITY_MAX_AGE_MS for the whole instance, however many ask (review N9):
  // a flood of anonymous requests no longer reaches the database each time.
  const availability = sharedResult(() => readAvailability(deps), {
    maxAgeMs: AVAILABILITY_MAX_AGE_MS,
    now: deps.now,
  });
  router.openapi(availabilityRoute, async (c) => {
    c.header('Cache-Control', AVAILABILITY_CACHE_CONTROL);
    return c.json(await availability.read(), 200);
  });
  return router;
}

/**
 * The catalogue serialised once, with its ETag (decision 084), built once per app (it only
 * changes with a deploy): a request writes the same bytes.
 */
export function preparedCatalogue(): PreparedGet {
  return { prepared: prepareJson(catalogueDocument()), cacheControl: PLANS_CACHE_CONTROL };
}

/**
 * GET /plans: the catalogue. The app answers a GET of `/plans` itself before the router (decision
 * 103) with the same answer; this route documents it and answers HEAD.
 */
export function plansRoutes(catalogue: PreparedGet) {
  const router = createRouter();
  router.openapi(plansRoute, (c) =>
    sendPreparedJson(c, catalogue.prepared, catalogue.cacheControl),
  );
  return router;
}
