import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  transition,
  type Actor,
  type OrderEvent,
  type OrderState,
  type Transition,
} from '#domain/order-life';
import type { Queries } from '../db/database';
import { columnParam, preparedQuery, type QueryField } from '../db/prepared';
import { orderEvents, orders, type OrderRow } from '../db/schema';
import { ApiError } from '../platform/errors';

/**
 * The one writer of an order's state (issue #39, decision 115): `orders.status`,
 * `delivery_state` and `bank_state` change here and nowhere else. A write asks the domain's pure
 * `transition` what its events do from the state the caller read, then runs ONE statement:
 * `UPDATE orders … WHERE id AND <the state it expects> RETURNING`, and an `order_events` row per
 * event from the updated row. The state and its history therefore change together or not at
 * all, and a write that finds the order moved on changes nothing and says so (409). The paths
 * that use it (paying, confirming, delivering, withdrawing) are in lifecycle.ts and the modules
 * of delivery, provisioning, payments and staff.
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

/** A change refused: illegal from the state read, or the order moved on meanwhile. */
export class TransitionRefused extends ApiError {
  constructor(
    readonly reason: 'illegal_transition' | 'state_changed',
    message: string,
  ) {
    super(409, reason, message);
    this.name = 'TransitionRefused';
  }
}

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

/**
 * A statement that runs a write's two CTEs and then `compose`'s own query over `changed`: its
 * name says what it is, and `compose` is called once per shape. `when`: one more condition of
 * the UPDATE, over CTEs that `compose` puts before the write's (the write then may not happen:
 * `changed` is empty, and no event is written).
 */
export function composedWrite<Row>(
  name: string,
  compose: (ctes: SQL) => { query: SQL; fields: QueryField[] },
  when?: SQL,
) {
  return async (
    q: Queries,
    write: StateWrite,
    extra: Record<string, unknown> = {},
  ): Promise<{ rows: Row[]; transition: Transition }> => {
    const planned = plan(write);
    const shape = shapeOf(write, planned);
    const key = `${name}|${shapeKey(shape)}`;
    let statement = statements.get(key) as Statement<Row> | undefined;
    if (!statement) {
      statement = preparedQuery<Row>(`${name}_${statements.size + 1}`, () =>
        compose(ctesOf(shape, when)),
      );
      statements.set(key, statement as Statement<unknown>);
    }
    const rows = await statement({ db: q as never }).execute({
      ...valuesOf(write, planned, shape),
      ...extra,
    });
    return { rows, transition: planned };
  };
}

/** The domain's answer for a write, or the refusal thrown. */
function plan(write: StateWrite): Transition {
  const planned = transition(write.order, ...write.events);
  if (!planned.ok) throw new TransitionRefused('illegal_transition', planned.message);
  return planned;
}

const writeOrder = composedWrite<OrderRow>('order_life', (ctes) => ({
  query: sql`with ${ctes} select ${sql.join(
    Object.values(orderColumns).map(column),
    sql`, `,
  )} from changed`,
  fields: orderFields(),
}));

export type Applied = { order: OrderRow; transition: Transition };

/**
 * Writes a change of one order and its events (one statement). Throws {@link TransitionRefused}
 * (409) when the change is illegal from the state read, or the order no longer holds it.
 */
export async function applyTransition(q: Queries, write: StateWrite): Promise<Applied> {
  const { rows, transition: planned } = await writeOrder(q, write);
  const [order] = rows;
  if (!order) {
    throw new TransitionRefused(
      'state_changed',
      `The order changed meanwhile: ${write.events.map((event) => event.type).join(', ')} no longer applies.`,
    );
  }
  return { order, transition: planned };
}

/**
 * {@link applyTransition} for a caller that has its own answer to a refusal (a race it expects,
 * such as an email sent for an order withdrawn meanwhile): the refusal is returned, not thrown.
 */
export async function tryTransition(
  q: Queries,
  write: StateWrite,
): Promise<Applied | TransitionRefused> {
  try {
    return await applyTransition(q, write);
  } catch (error) {
    if (error instanceof TransitionRefused) return error;
    throw error;
  }
}
