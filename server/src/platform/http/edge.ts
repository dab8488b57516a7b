import type { MiddlewareHandler } from 'hono';
import type pino from 'pino';
import type { Deps } from '../../deps';
import type { Logger } from '../logger';
import { getPath } from 'hono/utils/url';
import { matchesEtag, preparedHeaders, type PreparedJson } from './prepared-json';
import { requestHeader, requestHeaderOf } from './request-header';

/** The methods the shop's origins may call across origins: every method the API routes use. */
export const CORS_METHODS = ['GET', 'POST', 'PATCH', 'OPTIONS'];
/** The request headers the shop's origins may send. */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Order-Token',
  'x-goog-api-key',
  'x-goog-api-client',
  // The proof of work an AI image or video carries (decision 121).
  'X-AI-Proof',
];
/** The answer headers the shop's script may read. */
export const CORS_EXPOSE_HEADERS = ['Retry-After', 'Idempotent-Replayed', 'X-AI-Mode'];
const EXPOSE_HEADERS = CORS_EXPOSE_HEADERS.join(',');
/** How long a browser may keep a preflight's answer, in seconds. */
export const CORS_MAX_AGE = 600;

/**
 * The logger of the request lines: pino's redaction looks for contacts, tokens and keys in every
 * object logged, and a request line has none (its method, route, status and time), so its lines
 * skip that search (4 of 7 µs a line); they are the same JSON lines in the same place.
 */
function requestLog(logger: Logger): Pick<Logger, 'info'> {
  const pinoLogger = logger as Partial<pino.Logger>;
  return typeof pinoLogger.child === 'function' ? pinoLogger.child({}, { redact: [] }) : logger;
}

/**
 * Every request's own work in one middleware, done once per request and without touching the
 * answer before the route has made it (decision 100): CORS for the shop's own origins (the same
 * headers hono/cors wrote), the headers every answer carries (review S5, issue #23 item 6), and
 * one log line. hono/cors set its headers on `c.res` before the route ran, so Hono copied them
 * into the route's answer afterwards and @hono/node-server turned each answer, however small,
 * into a stream (issue #28: about 160 µs of /plans's 180 µs per request).
 */
export function edge(deps: Pick<Deps, 'config' | 'logger' | 'metrics'>): MiddlewareHandler {
  const { shopOrigins } = deps.config;
  const aiMode = deps.config.ai.mode;
  const allowMethods = CORS_METHODS.join(',');
  const allowHeaders = CORS_ALLOW_HEADERS.join(',');
  const exposeHeaders = EXPOSE_HEADERS;
  const maxAge = String(CORS_MAX_AGE);
  const log = requestLog(deps.logger);
  const { metrics } = deps;

  return async function edgeMiddleware(c, next) {
    const origin = requestHeader(c, 'origin');
    // The shop's own origins only; partners call from their servers, where CORS does not apply.
    const allowOrigin = origin && shopOrigins.includes(origin) ? origin : undefined;

    if (c.req.method === 'OPTIONS') {
      // A preflight is answered here, as hono/cors answered it: not logged, no route runs.
      const headers = new Headers();
      if (allowOrigin) headers.set('Access-Control-Allow-Origin', allowOrigin);
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', maxAge);
      headers.set('Access-Control-Allow-Methods', allowMethods);
      headers.set('Access-Control-Allow-Headers', allowHeaders);
      headers.append('Vary', 'Access-Control-Request-Headers');
      return new Response(null, { headers, status: 204, statusText: 'No Content' });
    }

    const started = performance.now();
    await next();
    const elapsed = performance.now() - started;
    // The answer's own headers object: on Node a small answer stays on the server's fast path.
    addEdgeHeaders(c.res.headers, allowOrigin, aiMode);
    const unmatched = c.req.routePath === '/*';
    const { method } = c.req;
    const { status } = c.res;
    log.info(
      { method, path: unmatched ? c.req.path : c.req.routePath, status, ms: Math.round(elapsed) },
      'request',
    );
    // GET /metrics's requests by route pattern (unmatched paths as one label) and latency.
    metrics?.observeRequest(
      unmatched ? '(unmatched)' : c.req.routePath,
      method,
      status,
      elapsed / 1000,
    );
  };
}

/**
 * The headers the edge adds to every answer a route made, on that answer's headers: the
 * middleware's and a prepared answer's are the same (decision 103).
 */
function addEdgeHeaders(headers: Headers, allowOrigin: string | undefined, aiMode: string) {
  if (allowOrigin) headers.set('Access-Control-Allow-Origin', allowOrigin);
  headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  headers.append('Vary', 'Origin');
  // Every answer says whether receipts are read by Gemini or decided by the demo script, so
  // the shop shows its demo banner in server mode too (issue #23 item 6). Review S5: orders,
  // tokens, activation codes and contacts never sit in a shared or browser cache, and no
  // answer is sniffed as another type. A route that may be cached says so itself (the plans,
  // the OpenAPI document); everything else is no-store.
  headers.set('X-AI-Mode', aiMode);
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
}

/** A GET answer that never changes while the process runs, and its Cache-Control. */
export type PreparedGet = { prepared: PreparedJson; cacheControl: string };

/**
 * GET answers prepared once, answered before the router (decision 103): `answer(request, env)`
 * is the whole answer to a GET of one of `routes`' paths (the same path Hono would route, query
 * aside), or `undefined` for every other request, which goes to the router as before. The answer
 * is what the route and the edge middleware together make (the route's headers, the edge's
 * CORS, X-AI-Mode, nosniff, `Vary: Origin`, a 304 for a matching If-None-Match, one request log
 * line), with every header set made once at start: lower-case names in the order a `Headers`
 * object gives them, as @hono/node-server wrote them, so the bytes on the wire are the same.
 *
 * Why: a request through the router and one middleware costs a composed, asynchronous dispatch,
 * a `Headers` object per answer (the route's headers and the edge's), and their conversion back
 * into Node's header object; a bare Hono app's one route answers synchronously with a plain
 * header object, which @hono/node-server writes at once. `GET /plans` is the API's most
 * requested route and its answer never changes, so it is served that way.
 */
export function preparedAnswers(
  deps: Pick<Deps, 'config' | 'logger'>,
  routes: Record<string, PreparedGet>,
): (request: Request, env: unknown) => Response | undefined {
  const { shopOrigins } = deps.config;
  const aiMode = deps.config.ai.mode;
  const log = requestLog(deps.logger);
  /** Header objects as @hono/node-server made them from a Headers object: sorted, lower case. */
  const headerSet = (headers: Record<string, string>, allowOrigin: string | undefined) => {
    const all = new Headers(headers);
    addEdgeHeaders(all, allowOrigin, aiMode);
    return Object.freeze(Object.fromEntries(all)) as Record<string, string>;
  };
  const answers = new Map(
    Object.entries(routes).map(([path, { prepared, cacheControl }]) => {
      const sets = (status: 200 | 304) => {
        const headers = preparedHeaders(prepared, cacheControl, status);
        return {
          other: headerSet(headers, undefined),
          byOrigin: new Map(shopOrigins.map((origin) => [origin, headerSet(headers, origin)])),
        };
      };
      return [path, { prepared, ok: sets(200), notModified: sets(304) }];
    }),
  );

  return function preparedAnswer(request, env) {
    if (request.method !== 'GET') return undefined;
    const path = getPath(request);
    const answer = answers.get(path);
    if (!answer) return undefined;
    const started = performance.now();
    const origin = requestHeaderOf(request, env, 'origin');
    const fresh = matchesEtag(requestHeaderOf(request, env, 'if-none-match'), answer.prepared.etag);
    const sets = fresh ? answer.notModified : answer.ok;
    const headers = (origin && sets.byOrigin.get(origin)) || sets.other;
    const status = fresh ? 304 : 200;
    const response = new Response(fresh ? null : answer.prepared.text, { status, headers });
    log.info(
      { method: 'GET', path, status, ms: Math.round(performance.now() - started) },
      'request',
    );
    return response;
  };
}
