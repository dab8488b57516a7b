import type { OperatorId, Plan } from '#domain/catalogue';
import { currency, findPlan } from '#domain/catalogue';
import type { ContactKind } from '#domain/contact';
import { PAYMENT_WINDOW_MS } from '#domain/payment-window';
import { createOrderNumber, nthOrderNumber, ORDER_NUMBERS_PER_SECOND } from '#domain/order-number';
import { buildMmqrPayload } from '#domain/mmqr/payload';
import { MyanmarWallClock } from '#domain/myanmar-time';
import type { z } from '@hono/zod-openapi';
import type { Config, Limit } from '../config';
import type { ShopOrderSchema } from './schemas';
import type { OrderRow, OrderStatus } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { rowDelivery, type Delivery } from '../delivery/esim-delivery';
import { contactHash } from './contact-hash';
import { tryTransition, TransitionRefused } from './lifecycle-writes';
import { sweepEndedWindows } from '../platform/abuse-limits';
import { countingOn, orderNumbers, sparesOf, type Spares } from './order-spares';
import {
  countAndInsertBare,
  countAndInsertSuffixed,
  countAndTakeSuffix,
  insertOrderRow,
  insertSuffixedOrder,
  newOrderRow,
  nextSuffixValue,
  type CountedRow,
  type LimitHit,
  type OrderValues,
} from './creation/queries';
import { liveOrderLink, orderById, orderOf, partnerOrderBy, setContactWhileOpen } from './queries';
import { constantTimeEqual, sha256Hex, toBase64Url } from '../platform/hashing';

/** An order as the shop's SPA sees it (the contract in orders/schemas.ts). */
export type ShopOrder = z.infer<typeof ShopOrderSchema>;

/** `#NXR-YYYYMMDD-HHMMSS` of an instant, in Myanmar time. */
export const orderNumberAt = (epochMs: number) => createOrderNumber(new MyanmarWallClock(epochMs));

/**
 * Order numbers (decisions 069, 083, 109): an order takes the second it is made in,
 * `#NXR-YYYYMMDD-HHMMSS`; the second and later orders of that second add a suffix `-2` … `-9999`.
 * The first order of a second takes the bare number by inserting it (the UNIQUE column refuses
 * it to every other order); an order that finds it taken takes a value of the sequence
 * `order_number_suffixes` (migration 008), folded into 2 … 9999. The sequence hands out values
 * without a row lock, so no order waits on another's number, and a number never names a time
 * after the clock. Two orders of one second share a suffix only when about 9,998 other values
 * were taken in between; the UNIQUE column then refuses one and it takes the next value.
 *
 * A suffixed order's number, and so its MMQR payload, must be known before its INSERT is sent.
 * So that a suffixed order is one round trip (decision 109), the statement that writes one also
 * takes the value for a later suffixed order of the same second in this process: a spare, kept
 * in memory for that second only. A value is taken ahead only by an order that wrote its own; a
 * spare not used in its second is a suffix no order has (a gap, which names nothing), and no
 * value is held longer than a second.
 */
const ORDER_NUMBER_ATTEMPTS = 5;

/** The suffix (2 … ORDER_NUMBERS_PER_SECOND) a value of the sequence (from 1) stands for. */
export const suffixOf = (value: number) => ((value - 1) % (ORDER_NUMBERS_PER_SECOND - 1)) + 2;

export function merchantPayload(merchant: Config['merchant'], amount: number, number: string) {
  const { merchantNameMy, merchantCityMy } = merchant;
  return buildMmqrPayload({
    merchantId: merchant.merchantId,
    terminalId: merchant.terminalId,
    merchantName: merchant.merchantName,
    amount,
    billNumber: number,
    ...(merchantNameMy && merchantCityMy ? { language: { merchantNameMy, merchantCityMy } } : {}),
  });
}

/** The plan if it is on sale, else 422 plan_unavailable (unknown ids included). */
export function availablePlan(planId: string): Plan {
  const plan = findPlan(planId);
  if (!plan || !plan.isAvailable) {
    throw new ApiError(
      422,
      'plan_unavailable',
      plan ? `The plan ${plan.id} is not on sale right now.` : `There is no plan ${planId}.`,
    );
  }
  return plan;
}

export type NewOrder = {
  plan: Plan;
  operatorId: OperatorId;
  contact: { kind: ContactKind; value: string };
  language: 'en' | 'my';
  partnerKeyId?: string | undefined;
};

/** What an order counts against before it is made: the per-address limit (decision 069). */
export type OrderLimit = { key: string; limit: Limit; message: string };

/** An order's values before its number: what the order is, whatever number it gets. */
type Unnumbered = Omit<OrderValues, 'number' | 'mmqrPayload'>;

/**
 * Where an order's numbering stands (one order's, changed as it tries): its second's bare
 * number, the second's spares, and what it tries next.
 */
type Numbering = {
  bare: string;
  second: number;
  spares: Spares;
  /**
   * This instance's memory: `takenSecond` is the second whose bare number it last found taken
   * (an order of its own took it, or found it taken). Only ever a hint: the statements that
   * write a suffixed number look the bare number up first.
   */
  memory: { takenSecond: number | undefined };
  /** Try the bare number next. */
  bareFirst: boolean;
  /** The sequence value whose suffix the order tries next, once the bare number is taken. */
  value: number | undefined;
  /**
   * Whether the order is written by the plain INSERT, as before decision 109: another order of
   * its address was being counted, and one more statement holding that row would make it wait.
   */
  plain: boolean;
  /** The tries made so far (of {@link ORDER_NUMBER_ATTEMPTS}). */
  attempt: number;
};

/**
 * Makes an order: id, number (Myanmar time, unique), expiry, MMQR payload, and a random
 * token whose SHA-256 alone is stored. Returns the row and the token (shown once). With
 * `counted`, the order first counts against that limit in the same statement (decision 101) and
 * is refused 429 rate_limited over it, as enforceLimit refuses.
 *
 * One path: the order's values, then (counted) the limit's hit fused with a first try of the
 * order's INSERT, then the INSERT with a number until one is free, then the row as written.
 */
export async function createOrder(
  deps: Deps,
  input: NewOrder,
  counted?: OrderLimit,
): Promise<{ row: OrderRow; token: string }> {
  const now = deps.now();
  const token = toBase64Url(deps.randomBytes(32));
  const order = await orderValues(deps, input, token, now);
  const numbering = startNumbering(deps, now);
  const written =
    (counted ? await countAndWrite(deps, order, numbering, counted, now) : undefined) ??
    (await writeWithNumber(deps, order, numbering));
  return { row: newOrderRow(written), token };
}

/** The order's values: its plan's price, the token's hash, the contact's hash, its expiry. */
async function orderValues(
  deps: Deps,
  input: NewOrder,
  token: string,
  now: number,
): Promise<Unnumbered> {
  return {
    id: deps.randomUUID(),
    tokenHash: await sha256Hex(token),
    planId: input.plan.id,
    operatorId: input.operatorId,
    contact: input.contact.value,
    contactKind: input.contact.kind,
    contactHash: await contactHash(deps, input.contact),
    language: input.language,
    price: input.plan.price,
    currency,
    status: 'awaiting_payment',
    source: input.partnerKeyId ? 'partner' : 'shop',
    partnerKeyId: input.partnerKeyId ?? null,
    createdAt: new Date(now),
    expiresAt: new Date(now + PAYMENT_WINDOW_MS),
  };
}

/** The order's values with `number` and the MMQR payload that bills it. */
const numbered = (deps: Deps, order: Unnumbered, number: string): OrderValues => ({
  ...order,
  number,
  mmqrPayload: merchantPayload(deps.config.merchant, order.price, number),
});

/** The order's values with the suffix of a sequence value. */
const suffixed = (deps: Deps, order: Unnumbered, numbering: Numbering, value: number) =>
  numbered(deps, order, nthOrderNumber(numbering.bare, suffixOf(value)));

/** An order's numbering at `now`: the bare number first, unless this instance found it taken. */
function startNumbering(deps: Deps, now: number): Numbering {
  const second = Math.floor(now / 1000);
  const spares = sparesOf(deps.runtime, second);
  const memory = deps.runtime.of(orderNumbers);
  const bareFirst = memory.takenSecond !== second;
  return {
    bare: orderNumberAt(second * 1000),
    second,
    spares,
    memory,
    bareFirst,
    value: bareFirst ? undefined : spares.take(),
    plain: false,
    attempt: 0,
  };
}

/**
 * The fused fast path (decisions 101, 105, 109): the limit's hit and a first try of the order in
 * one statement. Returns the order's values when that statement wrote it; throws 429 over the
 * limit; otherwise leaves `numbering` at the next try for {@link writeWithNumber}.
 */
async function countAndWrite(
  deps: Deps,
  order: Unnumbered,
  numbering: Numbering,
  counted: OrderLimit,
  now: number,
): Promise<OrderValues | undefined> {
  const { db } = deps.database;
  const { limit, windowMs } = counted.limit;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const hit: LimitHit = {
    limitKey: counted.key,
    windowStart: new Date(windowStart),
    windowEnd: new Date(windowStart + windowMs),
    limit,
  };
  const { spares } = numbering;
  let tried: OrderValues | undefined;
  let reserved = false;
  // Before the order's statement: a sweep that fails leaves nothing written.
  await sweepEndedWindows(deps, now);
  const [result] = await countingOn<CountedRow[]>(deps.runtime, counted.key, (busy) => {
    if (numbering.bareFirst) {
      tried = numbered(deps, order, numbering.bare);
      return countAndInsertBare(db, tried, hit);
    }
    if (busy) {
      // Another order of this key is being counted: count, then write (its spare is kept).
      spares.giveBack(numbering.value);
      numbering.value = undefined;
      numbering.plain = true;
    }
    if (numbering.value === undefined) return countAndTakeSuffix(db, hit, numbering.bare);
    tried = suffixed(deps, order, numbering, numbering.value);
    reserved = spares.reserve();
    return countAndInsertSuffixed(db, tried, hit, numbering.bare, reserved);
  });
  const hits = result?.hits ?? 1;
  const created = tried ? result?.created : null;
  // A suffixed order's statement that wrote it also took the next spare.
  spares.settle(reserved, created ? result?.suffixValue : null);
  if (hits > limit) {
    spares.giveBack(numbering.value);
    throw new ApiError(429, 'rate_limited', counted.message, {
      'Retry-After': String(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))),
    });
  }
  if (tried && created) {
    numbering.memory.takenSecond = numbering.second;
    return tried;
  }
  if (result?.suffixValue != null) {
    // The number tried was taken (without a spare, the bare one): the value is the next try.
    numbering.memory.takenSecond = numbering.second;
    numbering.value = result.suffixValue;
    numbering.bareFirst = false;
  } else {
    // The bare number is free: this process's hint was wrong. A spare not used is kept.
    spares.giveBack(numbering.value);
    numbering.value = undefined;
    numbering.bareFirst = true;
  }
  numbering.attempt = numbering.bareFirst ? 0 : 1;
  return undefined;
}

/**
 * The order's INSERT with a number, tried up to {@link ORDER_NUMBER_ATTEMPTS} times: the bare
 * number, then suffixes; over that, 429 rate_limited.
 */
async function writeWithNumber(
  deps: Deps,
  order: Unnumbered,
  numbering: Numbering,
): Promise<OrderValues> {
  for (; numbering.attempt < ORDER_NUMBER_ATTEMPTS; numbering.attempt += 1) {
    const written = numbering.bareFirst
      ? await tryBareNumber(deps, order, numbering)
      : await trySuffixedNumber(deps, order, numbering);
    if (written) return written;
  }
  numbering.spares.giveBack(numbering.value);
  throw new ApiError(
    429,
    'rate_limited',
    'Too many orders are being made this second. Please try again in a moment.',
    { 'Retry-After': '1' },
  );
}

/** The order with its second's bare number; when that is taken, the next try is a suffix. */
async function tryBareNumber(deps: Deps, order: Unnumbered, numbering: Numbering) {
  const written = numbered(deps, order, numbering.bare);
  const [row] = await insertOrderRow(deps.database.db, written);
  numbering.memory.takenSecond = numbering.second;
  if (row) return written;
  numbering.bareFirst = false;
  return undefined;
}

/**
 * The order with the suffix of a spare or of the sequence's next value. Its statement also takes
 * the next spare, and says when the bare number is free after all; a plain order (see
 * {@link Numbering}) is the INSERT alone.
 */
async function trySuffixedNumber(deps: Deps, order: Unnumbered, numbering: Numbering) {
  const { db } = deps.database;
  const { spares } = numbering;
  const value = (numbering.value ??= spares.take() ?? (await nextSuffixValue(db)));
  const written = suffixed(deps, order, numbering, value);
  if (numbering.plain) {
    // Its counting statement found the bare number taken: the INSERT alone, no spare taken.
    const [row] = await insertOrderRow(db, written);
    if (row) return written;
    numbering.value = undefined;
    return undefined;
  }
  const reserved = spares.reserve();
  const [result] = await insertSuffixedOrder(db, written, numbering.bare, reserved);
  spares.settle(reserved, result?.created ? result.suffixValue : null);
  if (result?.created) return written;
  if (result?.suffixValue == null) {
    // The bare number is free after all (it was taken by an order since deleted).
    spares.giveBack(value);
    numbering.value = undefined;
    numbering.bareFirst = true;
  } else {
    numbering.value = result.suffixValue;
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () =>
  new ApiError(404, 'not_found', 'No such order, or the order token does not match.');

/** The order with this id as it is now, if there is one (no token: for the server's own use). */
export async function readOrder(deps: Deps, id: string): Promise<OrderRow | undefined> {
  const [row] = await orderById(deps.database.db, id);
  return row;
}

/** The order with this id if `token` is its token; otherwise 404 (never saying which). */
export async function readOrderWithToken(
  deps: Deps,
  id: string,
  token: string | undefined,
): Promise<OrderRow> {
  const presented = await sha256Hex(token ?? '');
  if (!UUID.test(id) || !token) throw notFound();
  const [row] = await orderById(deps.database.db, id);
  if (!row) throw notFound();
  if (constantTimeEqual(row.tokenHash, presented)) return row;
  // A link from a Find my eSIMs email (decision 073): a token of its own for the same order.
  const [link] = await liveOrderLink(deps.database.db, row.id, presented, deps.now());
  if (!link) throw notFound();
  return row;
}

/** A partner's order by id or by number (`#NXR-…` or `NXR-…`); another key's order is 404. */
export async function readPartnerOrder(
  deps: Deps,
  keyId: string,
  idOrNumber: string,
): Promise<OrderRow> {
  const text = idOrNumber.trim();
  const [row] = await partnerOrderBy(
    deps.database.db,
    keyId,
    UUID.test(text) ? { id: text } : { number: text.startsWith('#') ? text : `#${text}` },
  );
  if (!row) throw new ApiError(404, 'not_found', `No order ${text} for this API key.`);
  return row;
}

/** Whether a check marked `verifying` is older than the time limit (the server stopped). */
export const isStaleCheck = (row: OrderRow, now: number, timeoutMs: number) =>
  row.status === 'verifying' &&
  (!row.verifyingSince || now - row.verifyingSince.getTime() > timeoutMs);

/**
 * The status as the buyer should see it now: an unpaid order past its expiry reads expired
 * (expiry is lazy: nothing runs at the deadline), and a stale check reads as not running.
 */
export function effectiveStatus(row: OrderRow, now: number, timeoutMs: number): OrderStatus {
  const open =
    row.status === 'awaiting_payment' ||
    (row.status === 'verifying' && isStaleCheck(row, now, timeoutMs));
  if (open) return now > row.expiresAt.getTime() ? 'expired' : 'awaiting_payment';
  return row.status;
}

/** The order for its buyer; `delivery` defaults to what the row alone says (no eSIM). */
export function toShopOrder(
  row: OrderRow,
  now: number,
  timeoutMs: number,
  delivery: Delivery = rowDelivery(row),
): ShopOrder {
  return {
    id: row.id,
    number: row.number,
    planId: row.planId,
    operatorId: row.operatorId as OperatorId,
    contact: row.contact ?? '',
    contactKind: row.contactKind,
    price: row.price,
    currency: 'MMK',
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    mmqrPayload: row.mmqrPayload,
    status: effectiveStatus(row, now, timeoutMs),
    transactionId: row.transactionId,
    paidAt: row.paidAt?.getTime() ?? null,
    delivery,
  };
}

const closed = () =>
  new ApiError(409, 'order_closed', 'This order is no longer waiting for payment.');

/**
 * Why an order that is not (or no longer) awaiting payment refuses a change: a check running,
 * paid or cancelled (closed), or its payment code expired.
 */
function refuseChange(row: OrderRow, now: number, timeoutMs: number): never {
  if (row.status === 'verifying' && !isStaleCheck(row, now, timeoutMs)) {
    throw new ApiError(
      409,
      'receipt_in_progress',
      'A receipt for this order is being checked. Wait for its answer.',
      { 'Retry-After': '5' },
    );
  }
  if (effectiveStatus(row, now, timeoutMs) === 'expired') {
    throw new ApiError(409, 'order_expired', 'This order’s payment code has expired.');
  }
  throw closed();
}

/**
 * The buyer corrects the contact (a mistyped email) of an order still awaiting payment: same
 * order, number and MMQR code. A conditional update, so a receipt check that claimed the order
 * first wins and the change is refused (decision 055).
 */
export async function changeOrderContact(
  deps: Deps,
  row: OrderRow,
  contact: { kind: ContactKind; value: string },
): Promise<OrderRow> {
  const now = deps.now();
  const timeoutMs = deps.config.receiptTimeoutMs;
  if (row.status !== 'awaiting_payment' || now > row.expiresAt.getTime()) {
    refuseChange(row, now, timeoutMs);
  }
  const [changed] = await setContactWhileOpen(
    deps.database.db,
    row.id,
    {
      contact: contact.value,
      contactKind: contact.kind,
      contactHash: await contactHash(deps, contact),
    },
    now,
  );
  if (changed) return changed;
  const [current] = await orderOf(deps.database.db, row.id);
  return refuseChange(current ?? row, now, timeoutMs);
}

/**
 * The buyer cancels an order still awaiting payment (also after its code expired). Cancelling
 * a cancelled order answers it again; a paid order or a running check is never cancelled.
 */
export async function cancelOrder(deps: Deps, row: OrderRow): Promise<OrderRow> {
  const now = deps.now();
  const timeoutMs = deps.config.receiptTimeoutMs;
  if (row.status === 'cancelled') return row;
  const stale = isStaleCheck(row, now, timeoutMs);
  if (row.status !== 'awaiting_payment' && !stale) refuseChange(row, now, timeoutMs);
  const cancelled = await tryTransition(deps.database.db, {
    order: row,
    events: [{ type: 'cancelled' }],
    actor: 'buyer',
    at: now,
    set: { verifyingSince: null },
    // A stale check is taken over only if it is still the same check.
    ...(stale && row.verifyingSince ? { expectAlso: { verifyingSince: row.verifyingSince } } : {}),
  });
  const changed = cancelled instanceof TransitionRefused ? undefined : cancelled.order;
  if (changed) return changed;
  const [current] = await orderOf(deps.database.db, row.id);
  if (current?.status === 'cancelled') return current;
  return refuseChange(current ?? row, now, timeoutMs);
}
