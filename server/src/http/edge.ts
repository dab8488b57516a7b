import type { MiddlewareHandler } from 'hono';
import type pino from 'pino';
import type { Deps } from '../deps';
import type { Logger } from '../logger';
import { requestHeader } from './request-header';

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
];
/** The answer headers the shop's script may read. */
export const CORS_EXPOSE_HEADERS = ['Retry-After', 'Idempotent-Replayed', 'X-AI-Mode'];
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
export function edge(deps: Pick<Deps, 'config' | 'logger'>): MiddlewareHandler {
  const { shopOrigins } = deps.config;
  const aiMode = deps.config.ai.mode;
  const allowMethods = CORS_METHODS.join(',');
  const allowHeaders = CORS_ALLOW_HEADERS.join(',');
  const exposeHeaders = CORS_EXPOSE_HEADERS.join(',');
  const maxAge = String(CORS_MAX_AGE);
  const log = requestLog(deps.logger);

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
    const ms = Math.round(performance.now() - started);
    // The answer's own headers object: on Node a small answer stays on the server's fast path.
    const headers = c.res.headers;
    if (allowOrigin) headers.set('Access-Control-Allow-Origin', allowOrigin);
    headers.set('Access-Control-Expose-Headers', exposeHeaders);
    headers.append('Vary', 'Origin');
    // Every answer says whether receipts are read by Gemini or decided by the demo script, so
    // the shop shows its demo banner in server mode too (issue #23 item 6). Review S5: orders,
    // tokens, activation codes and contacts never sit in a shared or browser cache, and no
    // answer is sniffed as another type. A route that may be cached says so itself (the plans,
    // the OpenAPI document); everything else is no-store.
    headers.set('X-AI-Mode', aiMode);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    log.info(
      {
        method: c.req.method,
        path: c.req.routePath === '/*' ? c.req.path : c.req.routePath,
        status: c.res.status,
        ms,
      },
      'request',
    );
  };
}
