import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Actor, OrderEvent, OrderState, Transition, Verifier } from '#domain/order-life';
import type { Queries, Tx } from '../../db/database';
import { columnParam, preparedQuery, type QueryField } from '../../db/prepared';
import { orderEvents, orders, payments, statementLines, type OrderRow } from '../../db/schema';

/**
 * The statements of an order's life (issue #39, decision 115; the writer's rules are in
 * lifecycle-writes.ts, the paths in lifecycle.ts): a state change's `UPDATE orders … WHERE id
 * AND <the state it expects> RETURNING` with its `order_events` rows in one statement, built once
 * per shape of write; and a payment's lock of its order with the payment's row.
 */

/** What a change records as its evidence: transaction ids, notification ids, reasons. */
export type Evidence = Record<string, string | number | boolean | null>;

/** The columns a change may write besides the state (which only its events set). */
export type OrderColumns = Partial<
  Omit<
    OrderRow,
    'id' | 'status' | 'deliveryState' | 'bankState' | 'refundState' | 'bankConfirmedBy' | 'eventSeq'
  >
>;

/** One change of one order. */
export type StateWrite = {
  /** The order as the caller read it: its id and the state the events leave from. */
  order: Pick<OrderRow, 'id'> & OrderState;
  events: OrderEvent[];
  actor: Actor;
  /** Epoch ms. */
  at: number;
  evidence?: Evidence;
  /** Other columns written with the state (paid time, promised time, …). */
  set?: OrderColumns;
  /** Besides the state: columns the order must still hold (null: IS NULL), e.g. the receipt check's claim. */
  expectAlso?: Partial<Pick<OrderRow, 'verifyingSince'>>;
  /** The receipt check's claim is taken over only when older than this (or without a time). */
  staleBefore?: Date;
};

const column = (c: { name: string }) => sql.identifier(c.name);
const orderColumns = getTableColumns(orders);
type Key = keyof typeof orderColumns & keyof OrderRow;

/** The order's columns as a statement returns them, decoded as a Drizzle query does. */
export const orderFields = (prefix = ''): QueryField[] =>
  Object.entries(orderColumns).map(([key, field]) => ({
    path: [prefix, key].filter(Boolean),
    field,
  }));

const STATE_KEYS = [
  'status',
  'deliveryState',
  'bankState',
  'refundState',
  'bankConfirmedBy',
] as const;

/** The text of a write's statement depends only on its shape: which columns, nulls, how many events. */
type Shape = {
  set: Key[];
  nulls: Set<Key>;
  state: Key[];
  expect: Key[];
  also: Key[];
  alsoNull: Set<Key>;
  stale: boolean;
  events: number;
};

function shapeOf(write: StateWrite, planned: Transition): Shape {
  const defined = <T extends object>(values: T) =>
    (Object.keys(values) as Key[]).filter((key) => values[key as keyof T] !== undefined).sort();
  const set = defined(write.set ?? {});
  const also = defined(write.expectAlso ?? {});
  return {
    set,
    nulls: new Set(set.filter((key) => write.set?.[key as keyof OrderColumns] === null)),
    state: STATE_KEYS.filter((key) => key in planned.set),
    expect: defined(planned.expect),
    also,
    alsoNull: new Set(also.filter((key) => write.expectAlso?.[key as 'verifyingSince'] === null)),
    stale: write.staleBefore !== undefined,
    events: planned.steps.length,
  };
}

const shapeKey = (shape: Shape) =>
  [
    shape.set.map((key) => (shape.nulls.has(key) ? `${key}=null` : key)).join(','),
    shape.state.join(','),
    shape.expect.join(','),
    shape.also.map((key) => (shape.alsoNull.has(key) ? `${key}=null` : key)).join(','),
    shape.stale ? 'stale' : '',
    shape.events,
  ].join('|');

/**
 * `changed as (UPDATE …), logged as (INSERT INTO order_events …)`: the two CTEs of a write of
 * this shape, with placeholders the write's values fill ({@link valuesOf}). A statement that
 * does more in the same round trip (the receipt claim also counts its limits) puts them first
 * and reads `changed`.
 */
function ctesOf(shape: Shape, when?: SQL): SQL {
  const assign = (key: Key, name: string, isNull: boolean) =>
    sql`${column(orderColumns[key])} = ${isNull ? sql`null` : columnParam(name, orderColumns[key])}`;
  const sets = [
    ...shape.set.map((key) => assign(key, `set_${key}`, shape.nulls.has(key))),
    ...shape.state.map((key) => assign(key, `state_${key}`, false)),
    sql`${column(orders.eventSeq)} = ${column(orders.eventSeq)} + ${sql.raw(String(shape.events))}`,
  ];
  const conditions = [
    sql`${column(orders.id)} = ${columnParam('id', orders.id)}`,
    ...shape.expect.map(
      (key) =>
        sql`${column(orderColumns[key])} = ${columnParam(`expect_${key}`, orderColumns[key])}`,
    ),
    ...shape.also.map((key) =>
      shape.alsoNull.has(key)
        ? sql`${column(orderColumns[key])} is null`
        : sql`${column(orderColumns[key])} = ${columnParam(`also_${key}`, orderColumns[key])}`,
    ),
    ...(when ? [when] : []),
    ...(shape.stale
      ? [
          sql`(${column(orders.verifyingSince)} is null or ${column(orders.verifyingSince)} < ${columnParam('staleBefore', orders.verifyingSince)})`,
        ]
      : []),
  ];
  const e = orderEvents;
  const rows = Array.from(
    { length: shape.events },
    (_, index) =>
      sql`select ${column(orders.id)}, ${column(orders.eventSeq)} - ${sql.raw(String(shape.events - 1 - index))},
        ${columnParam(`event${index}`, e.event)}, ${columnParam(`from${index}`, e.fromState)},
        ${columnParam(`to${index}`, e.toState)}, ${columnParam('actor', e.actor)},
        ${columnParam(`evidence${index}`, e.evidence)}, ${columnParam('at', e.at)} from changed`,
  );
  return sql`changed as (
    update ${orders} set ${sql.join(sets, sql`, `)}
    where ${sql.join(conditions, sql` and `)}
    returning ${sql.join(Object.values(orderColumns).map(column), sql`, `)}
  ), logged as (
    insert into ${e} (${sql.join(
      [e.orderId, e.seq, e.event, e.fromState, e.toState, e.actor, e.evidence, e.at].map(column),
      sql`, `,
    )})
    ${sql.join(rows, sql` union all `)}
  )`;
}

/** The placeholders' values of a write. */
function valuesOf(write: StateWrite, planned: Transition, shape: Shape): Record<string, unknown> {
  const values: Record<string, unknown> = {
    id: write.order.id,
    actor: write.actor,
    at: new Date(write.at),
  };
  for (const key of shape.set) {
    if (!shape.nulls.has(key)) values[`set_${key}`] = write.set![key as keyof OrderColumns];
  }
  for (const key of shape.state)
    values[`state_${key}`] = planned.set[key as keyof Transition['set']];
  for (const key of shape.expect) values[`expect_${key}`] = planned.expect[key as keyof OrderState];
  for (const key of shape.also) {
    if (!shape.alsoNull.has(key))
      values[`also_${key}`] = write.expectAlso![key as 'verifyingSince'];
  }
  if (shape.stale) values.staleBefore = write.staleBefore;
  planned.steps.forEach((step, index) => {
    values[`event${index}`] = step.event;
    values[`from${index}`] = step.from;
    values[`to${index}`] = step.to;
    const detail = write.events[index];
    values[`evidence${index}`] = {
      ...write.evidence,
      ...(detail?.type === 'bankConfirmed' ? { by: detail.by } : {}),
    };
  });
  return values;
}

type Statement<Row> = ReturnType<typeof preparedQuery<Row>>;
/** Each shape's statement text, built once per process (prepared once per database, decision 105). */
const statements = new Map<string, Statement<unknown>>();

/** A statement's own query over a write's CTEs (`changed`, `logged`) and the columns it returns. */
export type Compose = (ctes: SQL) => { query: SQL; fields: QueryField[] };

/** One more condition of a write's UPDATE (see {@link writeStatement}). */
export type WriteCondition = SQL;

/**
 * A statement that runs a write's two CTEs and then `compose`'s own query over `changed`: its
 * name says what it is, and `compose` is called once per shape. `when`: one more condition of
 * the UPDATE, over CTEs that `compose` puts before the write's (the write then may not happen:
 * `changed` is empty, and no event is written). It runs the write as the domain `planned` it.
 */
export function writeStatement<Row>(name: string, compose: Compose, when?: WriteCondition) {
  return async (
    q: Queries,
    write: StateWrite,
    planned: Transition,
    extra: Record<string, unknown> = {},
  ): Promise<Row[]> => {
    const shape = shapeOf(write, planned);
    const key = `${name}|${shapeKey(shape)}`;
    let statement = statements.get(key) as Statement<Row> | undefined;
    if (!statement) {
      statement = preparedQuery<Row>(`${name}_${statements.size + 1}`, () =>
        compose(ctesOf(shape, when)),
      );
      statements.set(key, statement as Statement<unknown>);
    }
    return statement({ db: q as never }).execute({
      ...valuesOf(write, planned, shape),
      ...extra,
    });
  };
}

/** A write's query returning the order as it changed it (no row: it no longer held the state). */
export const changedOrder: Compose = (ctes) => ({
  query: sql`with ${ctes} select ${sql.join(
    Object.values(orderColumns).map(column),
    sql`, `,
  )} from changed`,
  fields: orderFields(),
});

/**
 * The order locked (if payable: open, a check running, or, when `acceptExpired`, expired), the
 * payment recorded unless its transaction id paid an order already, and what the statement
 * says of that id: one statement (decision 101). `claimed`: only while the order is still this
 * receipt check's.
 */
function lockAndRecord(claimed: boolean) {
  return preparedQuery<{
    order: OrderRow;
    paid: number;
    lineAmount: number | null;
    linePaidAt: Date | null;
    lineReference: string | null;
    paymentOrder: string | null;
  }>(claimed ? 'pay_claimed_order' : 'pay_order', () => {
    const column = (c: { name: string }) => sql.identifier(c.name);
    const written = [
      ['transactionId', payments.transactionId],
      ['orderId', payments.orderId],
      ['amount', payments.amount],
      ['transactionTime', payments.transactionTime],
      ['verifiedBy', payments.verifiedBy],
      ['createdAt', payments.createdAt],
      ['payeeShown', payments.payeeShown],
    ] as const;
    const orderColumns = Object.values(getTableColumns(orders));
    const query = sql`with held as (
      select ${sql.join(orderColumns.map(column), sql`, `)} from ${orders}
      where ${column(orders.id)} = ${columnParam('id', orders.id)}
      ${
        claimed
          ? sql`and ${column(orders.status)} = 'verifying'
        and ${column(orders.verifyingSince)} = ${columnParam('claimedAt', orders.verifyingSince)}`
          : sql``
      }
      for update
    ), paid as (
      insert into ${payments} (${sql.join(
        written.map(([, c]) => column(c)),
        sql`, `,
      )})
      select ${sql.join(
        written.map(([name, c]) => columnParam(name, c)),
        sql`, `,
      )} from held
      where held.${column(orders.status)} = 'verifying'
        or (held.${column(orders.status)} = 'awaiting_payment'
          and (${sql.placeholder('acceptExpired')}::boolean
            or held.${column(orders.expiresAt)} >= ${columnParam('now', orders.expiresAt)}))
      on conflict do nothing
      returning ${column(payments.transactionId)}
    )
    select ${sql.join(
      orderColumns.map((c) => sql`held.${column(c)}`),
      sql`, `,
    )}, (select count(*) from paid)::integer,
      line.${column(statementLines.amount)}, line.${column(statementLines.paidAt)},
      line.${column(statementLines.reference)},
      (select ${column(payments.orderId)} from ${payments}
        where ${column(payments.transactionId)} = ${columnParam('transactionId', payments.transactionId)})
    from (select 1) as one left join held on true
      left join ${statementLines} as line
        on line.${column(statementLines.transactionId)} = ${columnParam('transactionId', statementLines.transactionId)}`;
    return {
      query,
      fields: [
        ...orderFields('order'),
        { path: ['paid'], field: sql`paid`.mapWith(Number) },
        { path: ['lineAmount'], field: sql`line_amount`.mapWith(Number) },
        { path: ['linePaidAt'], field: statementLines.paidAt },
        { path: ['lineReference'], field: statementLines.reference },
        { path: ['paymentOrder'], field: sql`payment_order` },
      ],
    };
  });
}

const lockOpen = lockAndRecord(false);
const lockClaimed = lockAndRecord(true);

/**
 * A payment's one statement (see {@link lockAndRecord}): with `claimedAt`, only while the order
 * is still that receipt check's.
 */
export const lockAndRecordPayment = (
  tx: Tx,
  values: {
    id: string;
    claimedAt: Date | undefined;
    now: Date;
    acceptExpired: boolean;
    transactionId: string;
    orderId: string;
    amount: number;
    transactionTime: Date;
    verifiedBy: Verifier;
    createdAt: Date;
    payeeShown: boolean | null;
  },
) => (values.claimedAt ? lockClaimed : lockOpen)({ db: tx }).execute(values);

/** The order's payer of this (normalised) transaction id, if a payment has it. */
export const payerOf = (tx: Tx, transactionId: string) =>
  tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.transactionId, transactionId));

/** An order's history, oldest first. */
export const orderEventsOf = (q: Queries, orderId: string) =>
  q.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.seq);
