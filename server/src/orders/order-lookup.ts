import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { orderLinks, orders, messageOutbox } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { contactHash, normaliseEmail } from './contact-hash';
import { orderLink } from '../delivery/esim-delivery';
import { sha256Hex, toBase64Url } from '../platform/hashing';

/**
 * Find my eSIMs (issue #24, decision 073): a returning buyer gives an email address and gets
 * one email listing the links of their paid orders. No account, and no hint: the answer is the
 * same whether or not the address has orders (the email is the only answer, and it goes to the
 * address itself). Each link is a new token of its own (order_links); the order's first link
 * keeps working.
 */
export const LOOKUP_EMAIL = 'orders_lookup_email';

/** At most this many orders in one email (the newest). */
export const LOOKUP_MAX_ORDERS = 20;

export type LookupEmailPayload = {
  to: string | null;
  language: 'en' | 'my';
  orders: { number: string; planId: string; operatorId: string; paidAt: number; link: string }[];
};

/**
 * Queues the lookup email when the address has paid orders; otherwise does nothing. Either way
 * the caller answers the same. Throws 503 when the server sends no email at all.
 */
export async function queueOrderLookup(
  deps: Deps,
  input: { email: string; language: 'en' | 'my' },
): Promise<void> {
  const { smtpUrl, shopUrl } = deps.config.delivery;
  if (!smtpUrl) {
    throw new ApiError(
      503,
      'email_unavailable',
      'This shop sends no email right now. Please contact us with your order number.',
    );
  }
  const hash = await contactHash(deps, { kind: 'email', value: input.email });
  const address = normaliseEmail(input.email);
  const now = deps.now();
  const { db } = deps.database;
  const found = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        eq(orders.source, 'shop'),
        eq(orders.contactKind, 'email'),
        ne(orders.deliveryState, 'withdrawn'),
        or(
          eq(orders.contactHash, hash),
          // Orders made before the hash was kept, whose contact is still there.
          and(isNull(orders.contactHash), sql`lower(${orders.contact}) = ${address}`),
        ),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(500);
  if (found.length === 0) return;
  const newest = found.slice(-LOOKUP_MAX_ORDERS).reverse();
  await db.transaction(async (tx) => {
    const listed: LookupEmailPayload['orders'] = [];
    for (const order of newest) {
      const token = toBase64Url(deps.randomBytes(32));
      await tx.insert(orderLinks).values({
        tokenHash: await sha256Hex(token),
        orderId: order.id,
        createdAt: new Date(now),
      });
      listed.push({
        number: order.number,
        planId: order.planId,
        operatorId: order.operatorId,
        paidAt: order.paidAt?.getTime() ?? order.createdAt.getTime(),
        link: orderLink(shopUrl, order.id, token, input.language),
      });
    }
    const payload: LookupEmailPayload = {
      to: input.email.trim(),
      language: input.language,
      orders: listed,
    };
    await tx.insert(messageOutbox).values({
      kind: LOOKUP_EMAIL,
      payload,
      attempts: 0,
      nextAttemptAt: new Date(now),
      createdAt: new Date(now),
    });
  });
}
