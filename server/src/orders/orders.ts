import { and, eq, getTableColumns, gt, gte, is, SQL, sql } from 'drizzle-orm';
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
import { columnParam, preparedQuery, preparedStatement } from '../db/prepared';
import { orderLinks, orders, type OrderRow, type OrderStatus } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { rowDelivery, type Delivery } from '../delivery/esim-delivery';
import { contactHash } from './contact-hash';
import { tryTransition, TransitionRefused } from './lifecycle-writes';
import { limitHit, sweepEndedWindows } from '../platform/abuse-limits';
import { countingOn, orderNumbers, sparesOf } from './order-spares';
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

const NEXT_SUFFIX = sql`SELECT nextval('order_number_suffixes') AS value`;

/** The next value of the order number sequence (migration 008). */
async function nextValue(deps: Deps): Promise<number> {
  const { rows } = (await deps.database.db.execute(NEXT_SUFFIX)) as unknown as {
    rows: { value: string | number }[];
  };
  return Number(rows[0]?.value ?? 1);
}

/**
 * The order's INSERT, prepared once per database (decision 100); a number already taken inserts
 * nothing and returns no row. It returns the id alone: the row is the values written and the
 * schema's defaults ({@link newOrderRow}, decision 105).
 */
const insertOrder = preparedStatement((db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder('id'),
      tokenHash: sql.placeholder('tokenHash'),
      planId: sql.placeholder('planId'),
      operatorId: sql.placeholder('operatorId'),
      contact: sql.placeholder('contact'),
      contactKind: sql.placeholder('contactKind'),
      contactHash: sql.placeholder('contactHash'),
      language: sql.placeholder('language'),
      price: sql.placeholder('price'),
      currency: sql.placeholder('currency'),
      status: sql.placeholder('status'),
      source: sql.placeholder('source'),
      partnerKeyId: sql.placeholder('partnerKeyId'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
      number: sql.placeholder('number'),
      mmqrPayload: sql.placeholder('mmqrPayload'),
    })
    .onConflictDoNothing({ target: orders.number })
    .returning({ id: orders.id })
    .prepare('order_insert'),
);

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

/** The columns an order's INSERT writes, in the order the statements below name them. */
const INSERTED = [
  'id',
  'tokenHash',
  'planId',
  'operatorId',
  'contact',
  'contactKind',
  'contactHash',
  'language',
  'price',
  'currency',
  'status',
  'source',
  'partnerKeyId',
  'createdAt',
  'expiresAt',
  'number',
  'mmqrPayload',
] as const satisfies readonly (keyof OrderRow)[];

const orderColumns = Object.entries(getTableColumns(orders));

/**
 * The columns an order's INSERT leaves to the database, each with the value it then holds: its
 * default in the schema (a plain value, as the migrations give it), or null. A column whose
 * default the database computes (SQL, a function) cannot be known here: the module refuses it.
 */
const UNWRITTEN = orderColumns
  .filter(([key]) => !(INSERTED as readonly string[]).includes(key))
  .map(([key, column]) => {
    if (column.defaultFn || column.onUpdateFn || is(column.default, SQL)) {
      throw new Error(`orders.${key}: a default the database computes; return the column`);
    }
    return [key, column.default ?? null] as const;
  });

/**
 * A new order's row as the database holds it once the INSERT is done (decision 105): the values
 * written and {@link UNWRITTEN}. The statements return the id alone instead of every column, which
 * the driver described, sent and decoded on every order.
 */
function newOrderRow(values: { [K in (typeof INSERTED)[number]]: OrderRow[K] }): OrderRow {
  const row: Record<string, unknown> = { ...values };
  for (const [key, value] of UNWRITTEN) row[key] = value;
  return row as OrderRow;
}

/** What a counting statement returns: the limit's hits, a value, the relaxed commit, the order. */
type CountedRow = {
  hits: number;
  /** A value of the sequence: the suffix to try (or, once the order is written, a spare). */
  suffixValue: number | null;
  /** 'off' when the statement wrote no order: its commit did not wait for the WAL's flush. */
  relaxed: string | null;
  /** The order's id when the statement wrote it. */
  created?: string | null;
};

/** The columns the counting statements return: the limit's hits, the suffix, the relaxed commit. */
const hitFields = () => [
  { path: ['hits'], field: sql`hits`.mapWith(Number) },
  { path: ['suffixValue'], field: sql`suffix`.mapWith(Number) },
  { path: ['relaxed'], field: sql`relaxed` },
];

/**
 * The CTE `created`: the order's INSERT of its placeholders' values, selected `from` where
 * `where` holds, and nothing for a number already taken; it returns the id.
 */
function createdFrom(from: SQL, where: SQL) {
  return sql`created as (
    insert into ${orders} (${sql.join(
      INSERTED.map((key) => sql.identifier(orders[key].name)),
      sql`, `,
    )})
    select ${sql.join(
      INSERTED.map((key) => columnParam(key, orders[key])),
      sql`, `,
    )} from ${from} where ${where}
    on conflict (${sql.identifier(orders.number.name)}) do nothing
    returning ${sql.identifier(orders.id.name)}
  )`;
}

/**
 * The limit's hit and the order in one statement (decision 101): the per-address upsert of
 * decision 069 (`hits + 1`; ended windows are removed apart, once a minute: sweepEndedWindows,
 * decision 110), then the order with the second's bare number if the hit
 * is within the limit, then, only when the bare number was taken, the sequence's next value for
 * the suffix. One round trip where there were up to four (upsert, insert, nextval, insert).
 * When it writes no order (the bare number was taken, or the limit refused) its commit does not
 * wait for the WAL's flush (`synchronous_commit` off for that transaction alone, decision 105):
 * the order's own INSERT that follows commits as every write does, and its flush takes this
 * statement's records with it (the WAL is written in order). Without it, every order from one
 * address held the limit's row locked while its commit waited for the disk.
 */
const createCounted = preparedQuery<CountedRow>('order_create_counted', () => {
  const within = sql`hit.hits <= ${sql.placeholder('limit')}::integer`;
  const query = sql`with ${limitHit()}, ${createdFrom(sql`hit`, within)}
  select hit.hits,
    case when ${within} and created.${sql.identifier(orders.id.name)} is null
      then nextval('order_number_suffixes') end,
    case when created.${sql.identifier(orders.id.name)} is null
      then set_config('synchronous_commit', 'off', true) end,
    created.${sql.identifier(orders.id.name)}
  from hit left join created on true`;
  return {
    query,
    fields: [...hitFields(), { path: ['created'], field: orders.id }],
  };
});

/**
 * The limit's hit and the suffix in one statement, for an order of a second whose bare number
 * this process already found taken (decision 105): no INSERT of the bare number that would
 * conflict, so neither its MMQR payload nor the order's values are made or sent for it. The
 * sequence is called only if the hit is within the limit and the bare number is indeed taken (a
 * look-up of the UNIQUE index); otherwise no suffix comes back and the order tries the bare
 * number, as the first order of a second does. It writes no order: its commit does not wait for
 * the WAL's flush, as {@link createCounted}'s when it writes none.
 */
const countNext = preparedQuery<CountedRow>('order_count_next', () => {
  const within = sql`hit.hits <= ${sql.placeholder('limit')}::integer`;
  const query = sql`with ${limitHit()}
    select hit.hits,
      case when ${within} and exists (select 1 from ${orders}
          where ${sql.identifier(orders.number.name)} = ${columnParam('number', orders.number)})
        then nextval('order_number_suffixes') end,
      set_config('synchronous_commit', 'off', true)
    from hit`;
  return {
    query,
    fields: [...hitFields()],
  };
});

/**
 * The order with a suffixed number, only where `where` holds and its second's bare number is
 * taken (a look-up of the UNIQUE index), as CTEs `bare` and `created`. The
 * statements that use it take the sequence's next value when the number was refused (the same
 * second has it: the order tries that value) or, with `spare`, when the order was written (this
 * process's next suffixed order uses it).
 */
function suffixedInsert(from: SQL, where: SQL) {
  return sql`bare as (
    select exists (select 1 from ${orders}
      where ${sql.identifier(orders.number.name)} = ${columnParam('bare', orders.number)}) as taken
  ), ${createdFrom(from, sql`${where} and bare.taken`)}`;
}

/** The next value of the sequence, when {@link suffixedInsert}'s order was refused or wants a spare. */
const valueAfterInsert = (where: SQL) =>
  sql`case when ${where} and bare.taken and (created.${sql.identifier(orders.id.name)} is null
      or ${sql.placeholder('spare')}::boolean)
    then nextval('order_number_suffixes') end`;

/**
 * A suffixed order in one statement (decision 109): the limit's hit, then, within the limit and
 * with its second's bare number taken, the order with the suffix of a spare value, and the value
 * of the next spare or of the next try. It writes no order when the limit refuses it (no value
 * is taken, and the spare is kept) or when the bare number is free (the process's hint was
 * wrong; no value is taken and the order tries the bare number).
 */
const createSuffixedCounted = preparedQuery<CountedRow>('order_create_suffixed_counted', () => {
  const within = sql`hit.hits <= ${sql.placeholder('limit')}::integer`;
  const query = sql`with ${limitHit()}, ${suffixedInsert(sql`hit, bare`, within)}
  select hit.hits, ${valueAfterInsert(within)},
    case when created.${sql.identifier(orders.id.name)} is null
      then set_config('synchronous_commit', 'off', true) end,
    created.${sql.identifier(orders.id.name)}
  from hit cross join bare left join created on true`;
  return { query, fields: [...hitFields(), { path: ['created'], field: orders.id }] };
});

/**
 * A suffixed order without a limit to count (a partner's, or an order whose limit a statement
 * above counted): {@link createSuffixedCounted} without the hit.
 */
const insertSuffixed = preparedQuery<{ suffixValue: number | null; created: string | null }>(
  'order_insert_suffixed',
  () => {
    const query = sql`with ${suffixedInsert(sql`bare`, sql`true`)}
    select ${valueAfterInsert(sql`true`)}, created.${sql.identifier(orders.id.name)}
    from bare left join created on true`;
    return {
      query,
      fields: [
        { path: ['suffixValue'], field: sql`suffix`.mapWith(Number) },
        { path: ['created'], field: orders.id },
      ],
    };
  },
);

/**
 * Makes an order: id, number (Myanmar time, unique), expiry, MMQR payload, and a random
 * token whose SHA-256 alone is stored. Returns the row and the token (shown once). With
 * `counted`, the order first counts against that limit in the same statement (decision 101) and
 * is refused 429 rate_limited over it, as enforceLimit refuses.
 */
export async function createOrder(
  deps: Deps,
  input: NewOrder,
  counted?: OrderLimit,
): Promise<{ row: OrderRow; token: string }> {
  const now = deps.now();
  const token = toBase64Url(deps.randomBytes(32));
  const base = {
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
    status: 'awaiting_payment' as const,
    source: input.partnerKeyId ? ('partner' as const) : ('shop' as const),
    partnerKeyId: input.partnerKeyId ?? null,
    createdAt: new Date(now),
    expiresAt: new Date(now + PAYMENT_WINDOW_MS),
  };
  const bare = orderNumberAt(Math.floor(now / 1000) * 1000);
  const values = (number: string) => ({
    ...base,
    number,
    mmqrPayload: merchantPayload(deps.config.merchant, input.plan.price, number),
  });
  /** The order's values with the suffix of a sequence value. */
  const suffixed = (value: number) => values(nthOrderNumber(bare, suffixOf(value)));
  const second = Math.floor(now / 1000);
  const spares = sparesOf(deps.runtime, second);
  /**
   * The second whose bare number this instance last found taken (an order of its own took it,
   * or found it taken). Only ever a hint: the statements that write a suffixed number look the
   * bare number up first.
   */
  const memory = deps.runtime.of(orderNumbers);
  /** Try the bare number, unless this instance found it taken in this second. */
  let bareFirst = memory.takenSecond !== second;
  /** The sequence value whose suffix the order tries next, once the bare number is taken. */
  let value = bareFirst ? undefined : spares.take();
  let attempt = 0;
  /**
   * Whether the order is written by the plain INSERT, as before decision 109: another order of
   * its address was being counted, and one more statement holding that row would make it wait.
   */
  let plain = false;
  if (counted) {
    const { limit, windowMs } = counted.limit;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const hit = {
      limitKey: counted.key,
      windowStart: new Date(windowStart),
      windowEnd: new Date(windowStart + windowMs),
      limit,
    };
    let tried: ReturnType<typeof values> | undefined;
    let reserved = false;
    // Before the order's statement: a sweep that fails leaves nothing written.
    await sweepEndedWindows(deps, now);
    const [result] = await countingOn<CountedRow[]>(deps.runtime, counted.key, (busy) => {
      if (bareFirst) {
        tried = values(bare);
        return createCounted(deps.database).execute({ ...tried, ...hit });
      }
      if (busy) {
        // Another order of this key is being counted: count, then write (its spare is kept).
        spares.giveBack(value);
        value = undefined;
        plain = true;
      }
      if (value === undefined) return countNext(deps.database).execute({ ...hit, number: bare });
      tried = suffixed(value);
      reserved = spares.reserve();
      return createSuffixedCounted(deps.database).execute({
        ...tried,
        ...hit,
        bare,
        spare: reserved,
      });
    });
    const hits = result?.hits ?? 1;
    const created = tried ? result?.created : null;
    // A suffixed order's statement that wrote it also took the next spare.
    spares.settle(reserved, created ? result?.suffixValue : null);
    if (hits > limit) {
      spares.giveBack(value);
      throw new ApiError(429, 'rate_limited', counted.message, {
        'Retry-After': String(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))),
      });
    }
    if (tried && created) {
      memory.takenSecond = second;
      return { row: newOrderRow(tried), token };
    }
    if (result?.suffixValue != null) {
      // The number tried was taken (without a spare, the bare one): the value is the next try.
      memory.takenSecond = second;
      value = result.suffixValue;
      bareFirst = false;
    } else {
      // The bare number is free: this process's hint was wrong. A spare not used is kept.
      spares.giveBack(value);
      value = undefined;
      bareFirst = true;
    }
    attempt = bareFirst ? 0 : 1;
  }
  for (; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    if (bareFirst) {
      const written = values(bare);
      const [row] = await insertOrder(deps.database).execute(written);
      memory.takenSecond = second;
      if (row) return { row: newOrderRow(written), token };
      bareFirst = false;
      continue;
    }
    value ??= spares.take() ?? (await nextValue(deps));
    const written = suffixed(value);
    if (plain) {
      // Its counting statement found the bare number taken: the INSERT alone, no spare taken.
      const [row] = await insertOrder(deps.database).execute(written);
      if (row) return { row: newOrderRow(written), token };
      value = undefined;
      continue;
    }
    const reserved = spares.reserve();
    const [result] = await insertSuffixed(deps.database).execute({
      ...written,
      bare,
      spare: reserved,
    });
    spares.settle(reserved, result?.created ? result.suffixValue : null);
    if (result?.created) return { row: newOrderRow(written), token };
    if (result?.suffixValue == null) {
      // The bare number is free after all (it was taken by an order since deleted).
      spares.giveBack(value);
      value = undefined;
      bareFirst = true;
    } else {
      value = result.suffixValue;
    }
  }
  spares.giveBack(value);
  throw new ApiError(
    429,
    'rate_limited',
    'Too many orders are being made this second. Please try again in a moment.',
    { 'Retry-After': '1' },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () =>
  new ApiError(404, 'not_found', 'No such order, or the order token does not match.');

/** An order by its id, prepared once per database (decision 100): every buyer's request reads one. */
const orderById = preparedStatement((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_by_id'),
);

/** The order with this id as it is now, if there is one (no token: for the server's own use). */
export async function readOrder(deps: Deps, id: string): Promise<OrderRow | undefined> {
  const [row] = await orderById(deps.database).execute({ id });
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
  const [row] = await orderById(deps.database).execute({ id });
  if (!row) throw notFound();
  if (constantTimeEqual(row.tokenHash, presented)) return row;
  // A link from a Find my eSIMs email (decision 073): a token of its own for the same order.
  const [link] = await deps.database.db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.tokenHash, presented),
        eq(orderLinks.orderId, row.id),
        // Lookup links expire (LOOKUP_LINK_DAYS, review N4); the order's own token never does.
        gt(orderLinks.expiresAt, new Date(deps.now())),
      ),
    )
    .limit(1);
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
  const where = UUID.test(text)
    ? eq(orders.id, text)
    : eq(orders.number, text.startsWith('#') ? text : `#${text}`);
  const [row] = await deps.database.db
    .select()
    .from(orders)
    .where(and(where, eq(orders.partnerKeyId, keyId)))
    .limit(1);
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
  const [changed] = await deps.database.db
    .update(orders)
    .set({
      contact: contact.value,
      contactKind: contact.kind,
      contactHash: await contactHash(deps, contact),
    })
    .where(
      and(
        eq(orders.id, row.id),
        eq(orders.status, 'awaiting_payment'),
        gte(orders.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (changed) return changed;
  const [current] = await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
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
  const [current] = await deps.database.db.select().from(orders).where(eq(orders.id, row.id));
  if (current?.status === 'cancelled') return current;
  return refuseChange(current ?? row, now, timeoutMs);
}
