import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { columnParam, preparedQuery, preparedStatement } from '../../db/prepared';
import { orders, type OrderRow } from '../../db/schema';
import { limitHit } from '../../platform/queries';

/**
 * The statements that write a new order (orders.ts's createOrder, decisions 069, 083, 100, 101,
 * 105, 109): the plain ones (the sequence's next value; the INSERT of an order with its number)
 * and the fused ones that also count the address's limit, take the suffix or a spare value in
 * the same round trip. Each is prepared once per database.
 */

const NEXT_SUFFIX = sql`SELECT nextval('order_number_suffixes') AS value`;

/** The next value of the order number sequence (migration 008). */
export async function nextSuffixValue(db: Db): Promise<number> {
  const { rows } = (await db.execute(NEXT_SUFFIX)) as unknown as {
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

/** The values an order's INSERT writes. */
export type OrderValues = { [K in (typeof INSERTED)[number]]: OrderRow[K] };

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
export function newOrderRow(values: OrderValues): OrderRow {
  const row: Record<string, unknown> = { ...values };
  for (const [key, value] of UNWRITTEN) row[key] = value;
  return row as OrderRow;
}

/** What a counting statement returns: the limit's hits, a value, the relaxed commit, the order. */
export type CountedRow = {
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

/** The address's hit of its limit's window (decision 069), as the counting statements take it. */
export type LimitHit = { limitKey: string; windowStart: Date; windowEnd: Date; limit: number };

/** The order's INSERT with its number: no row when the number is taken. */
export const insertOrderRow = (db: Db, values: OrderValues) => insertOrder({ db }).execute(values);

/** {@link createCounted}: the hit, and the order with its second's bare number. */
export const countAndInsertBare = (db: Db, values: OrderValues, hit: LimitHit) =>
  createCounted({ db }).execute({ ...values, ...hit });

/** {@link countNext}: the hit, and the suffix's value if `bare` is taken. */
export const countAndTakeSuffix = (db: Db, hit: LimitHit, bare: string) =>
  countNext({ db }).execute({ ...hit, number: bare });

/** {@link createSuffixedCounted}: the hit, and the suffixed order (taking a spare with `spare`). */
export const countAndInsertSuffixed = (
  db: Db,
  values: OrderValues,
  hit: LimitHit,
  bare: string,
  spare: boolean,
) => createSuffixedCounted({ db }).execute({ ...values, ...hit, bare, spare });

/** {@link insertSuffixed}: the suffixed order (taking a spare with `spare`), no limit counted. */
export const insertSuffixedOrder = (db: Db, values: OrderValues, bare: string, spare: boolean) =>
  insertSuffixed({ db }).execute({ ...values, bare, spare });
