import type { Context } from 'hono';

/**
 * Who is calling, for per-client limits. The socket's address (Node: the bindings that
 * @hono/node-server passes as `c.env.incoming`), unless `trustProxy` says that one reverse proxy
 * stands in front: then the last X-Forwarded-For entry, the one that proxy added (earlier entries
 * are whatever the client sent). Other runtimes pass their own reader (worker.ts:
 * CF-Connecting-IP, which Cloudflare sets and a client cannot).
 *
 * The answer is a limit key, not an address (review N2, decision 120): an IPv4 address as it is
 * (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its network of `ipv6Prefix`
 * bits (default /64, what one line or one server is given), without a zone id, so that binding
 * a fresh source address per request from one /64 counts against one key.
 */
export type ClientAddressReader = (c: Context) => string | undefined;

export const nodeSocketAddress: ClientAddressReader = (c) => {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress;
};

/** The IPv6 prefix the limits key by unless configured (IPV6_LIMIT_PREFIX). */
export const DEFAULT_IPV6_PREFIX = 64;

export function clientAddress(
  c: Context,
  trustProxy: boolean,
  readSocket: ClientAddressReader = nodeSocketAddress,
  ipv6Prefix: number = DEFAULT_IPV6_PREFIX,
): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return limitKeyOfAddress(last, ipv6Prefix);
  }
  const socket = readSocket(c);
  return socket ? limitKeyOfAddress(socket, ipv6Prefix) : 'unknown';
}

/** {@link clientAddress} with the server's settings: the key every per-client limit counts by. */
export function clientKey(
  c: Context,
  deps: {
    config: { trustProxy: boolean; ipv6Prefix: number };
    clientAddress?: ClientAddressReader | undefined;
  },
): string {
  return clientAddress(c, deps.config.trustProxy, deps.clientAddress, deps.config.ipv6Prefix);
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    const high = ((octets[0]! << 8) | octets[1]!).toString(16);
    const low = ((octets[2]! << 8) | octets[3]!).toString(16);
    address = `${address.slice(0, v4.index)}${high}:${low}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [
    ...head.map((group) => parseInt(group, 16)),
    ...Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...rest.map((group) => parseInt(group, 16)),
  ];
}

/**
 * The limit key of one address: IPv4 as it is; IPv6 as `network/prefix` (zone id dropped; an
 * IPv4-mapped address as its IPv4); anything else (a name, garbage from a proxy) as it is.
 */
export function limitKeyOfAddress(address: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX) {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (IPV4.test(bare)) return bare;
  if (!bare.includes(':')) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  const prefix = Math.max(0, Math.min(128, ipv6Prefix));
  const masked = groups.map((group, index) => {
    const bits = Math.max(0, Math.min(16, prefix - index * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${prefix}`;
}
