import { createRoute } from '@hono/zod-openapi';
import { catalogueDocument } from '../../../src/config/catalogue-document';
import type { Deps } from '../deps';
import { AvailabilitySchema, catalogueSchema } from '../schemas/catalogue';
import { noSecurity, ours } from '../schemas/common';
import { readAvailability } from '../services/availability';
import { createRouter } from './router';

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

/** FNV-1a (32 bit) of a string, as hex: enough to tell two catalogue versions apart. */
function fnv1a(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Whether an If-None-Match header names this ETag (a list, weak forms or `*`). */
export function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** GET /api/availability: which plan has an eSIM ready now (issue #24). */
export function availabilityRoutes(deps: Deps) {
  const router = createRouter();
  router.openapi(availabilityRoute, async (c) => {
    c.header('Cache-Control', AVAILABILITY_CACHE_CONTROL);
    return c.json(await readAvailability(deps), 200);
  });
  return router;
}

/** GET /plans: the catalogue, built once per app (it only changes with a deploy). */
export function plansRoutes() {
  const router = createRouter();
  const catalogue = catalogueDocument();
  const body = JSON.stringify(catalogue);
  const etag = `"${fnv1a(body)}-${body.length.toString(16)}"`;
  router.openapi(plansRoute, (c) => {
    c.header('ETag', etag);
    c.header('Cache-Control', PLANS_CACHE_CONTROL);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.json(catalogue, 200);
  });
  return router;
}
