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
  const headers = (c.env as { incoming?: { headers?: IncomingHttpHeaders } } | undefined)?.incoming
    ?.headers;
  // Tests may hand an `incoming` of their own (a client address, no headers).
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
