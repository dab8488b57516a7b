import type { Context } from 'hono';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A request header, read from Node's own parsed headers when the app runs on
 * @hono/node-server (decision 100): `c.req.header()` there first builds a whole Headers object
 * from the raw request, a cost every request paid for one or two headers. Elsewhere (tests'
 * `app.request`, Workers) it is `c.req.header()`. `name` is lower case; a header sent twice is
 * joined with ", " either way (a Set-Cookie aside, which a request does not carry).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const value = incomingHeader(c.env, name);
  return value === null ? c.req.header(name) : value;
}

/**
 * The same for a request before the router (decision 103): Node's parsed headers when `env` is
 * @hono/node-server's, else the request's own `Headers`.
 */
export function requestHeaderOf(request: Request, env: unknown, name: string): string | undefined {
  const value = incomingHeader(env, name);
  return value === null ? (request.headers.get(name) ?? undefined) : value;
}

/** A header of Node's parsed request, `null` when the environment carries none (not Node's). */
function incomingHeader(env: unknown, name: string): string | undefined | null {
  const headers = (env as { incoming?: { headers?: IncomingHttpHeaders } } | undefined)?.incoming
    ?.headers;
  // Tests may hand an `incoming` of their own (a client address, no headers).
  if (!headers) return null;
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
