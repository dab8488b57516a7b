import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { contactHash, normaliseEmail } from './contact-hash';
import { orderLink } from '../delivery/esim-delivery';
import { sha256Hex, toBase64Url } from '../platform/hashing';
import {
  insertLookupRequest,
  insertOrderLink,
  paidOrdersOfAddress,
  setOutboxPayload,
} from './queries';

/**
 * Find my eSIMs (issue #24, decision 073): a returning buyer gives an email address and gets
 * one email listing the links of their paid orders. No account, and no hint: the answer is the
 * same whether or not the address has orders (the email is the only answer, and it goes to the
 * address itself), and so is the work behind it (review N4). Each link is a new token of its own
 * (order_links) that expires (LOOKUP_LINK_DAYS, decision 126); the order's first link keeps
 * working.
 */
export const LOOKUP_EMAIL = 'orders_lookup_email';

/** At most this many orders in one email (the newest). */
export const LOOKUP_MAX_ORDERS = 20;

export type LookupEmailPayload = {
  to: string | null;
  language: 'en' | 'my';
  /** Absent until the outbox worker searched (resolveOrderLookup). */
  orders?: { number: string; planId: string; operatorId: string; paidAt: number; link: string }[];
};

/**
 * Queues the lookup request, the same one outbox row whatever the address (review N4): the
 * request path does equal work, in equal time, for an address with orders and one without; the
 * outbox worker searches ({@link resolveOrderLookup}) and sends an email only when it found
 * some. Throws 503 when the server sends no email at all.
 */
export async function queueOrderLookup(
  deps: Deps,
  input: { email: string; language: 'en' | 'my' },
): Promise<void> {
  if (!deps.config.delivery.smtpUrl) {
    throw new ApiError(
      503,
      'email_unavailable',
      'This shop sends no email right now. Please contact us with your order number.',
    );
  }
  const now = new Date(deps.now());
  const payload: LookupEmailPayload = { to: input.email.trim(), language: input.language };
  await insertLookupRequest(deps.database.db, {
    kind: LOOKUP_EMAIL,
    payload,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * The outbox worker's half of a lookup: the address's paid orders (the newest
 * {@link LOOKUP_MAX_ORDERS}), each with a new link that expires after LOOKUP_LINK_DAYS, written
 * into the row's payload with the links in one transaction, so a retried send mails the same
 * links. No orders: nothing is written and nothing is sent.
 */
export async function resolveOrderLookup(
  deps: Deps,
  outboxId: number,
  request: LookupEmailPayload,
): Promise<LookupEmailPayload & { orders: LookupEmailPayload['orders'] & object }> {
  if (request.orders) return { ...request, orders: request.orders };
  if (!request.to) return { ...request, orders: [] };
  const { shopUrl, lookupLinkMs } = deps.config.delivery;
  const hash = await contactHash(deps, { kind: 'email', value: request.to });
  const address = normaliseEmail(request.to);
  const now = deps.now();
  const { db } = deps.database;
  const found = await paidOrdersOfAddress(db, hash, address);
  if (found.length === 0) return { ...request, orders: [] };
  const newest = found.slice(-LOOKUP_MAX_ORDERS).reverse();
  return db.transaction(async (tx) => {
    const listed: NonNullable<LookupEmailPayload['orders']> = [];
    for (const order of newest) {
      const token = toBase64Url(deps.randomBytes(32));
      await insertOrderLink(tx, {
        tokenHash: await sha256Hex(token),
        orderId: order.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + lookupLinkMs),
      });
      listed.push({
        number: order.number,
        planId: order.planId,
        operatorId: order.operatorId,
        paidAt: order.paidAt?.getTime() ?? order.createdAt.getTime(),
        link: orderLink(shopUrl, order.id, token, request.language),
      });
    }
    const resolved = { ...request, orders: listed };
    await setOutboxPayload(tx, outboxId, resolved);
    return resolved;
  });
}
