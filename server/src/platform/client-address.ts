import type { Context } from 'hono';

/**
 * Who is calling, for per-client limits. The socket's address (Node: the bindings that
 * @hono/node-server passes as `c.env.incoming`), unless `trustProxy` says that one reverse proxy
 * stands in front: then the last X-Forwarded-For entry, the one that proxy added (earlier entries
 * are whatever the client sent). Other runtimes pass their own reader (worker.ts:
 * CF-Connecting-IP, which Cloudflare sets and a client cannot).
 */
export type ClientAddressReader = (c: Context) => string | undefined;

export const nodeSocketAddress: ClientAddressReader = (c) => {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress;
};

export function clientAddress(
  c: Context,
  trustProxy: boolean,
  readSocket: ClientAddressReader = nodeSocketAddress,
): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return readSocket(c) ?? 'unknown';
}
