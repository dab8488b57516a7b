import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db, Queries, Tx } from '../db/database';
import { columnParam, preparedQuery, preparedStatement } from '../db/prepared';
import {
  installProgress,
  messageOutbox,
  orders,
  profiles,
  type OrderRow,
  type ProfileRow,
} from '../db/schema';
import { composedWrite, orderFields } from '../orders/lifecycle-writes';

/** How many demo profiles of this operator's plan are in stock (one row). */
export const demoProfilesInStock = (db: Db, operatorId: string, planId: string) =>
  db
    .select({ n: count() })
    .from(profiles)
    .where(
      and(
        eq(profiles.operatorId, operatorId),
        eq(profiles.planId, planId),
        eq(profiles.demo, true),
        eq(profiles.state, 'in_stock'),
      ),
    );

/** Stores profiles, skipping any that clash with one in stock; returns the ids stored. */
export const insertNewProfiles = (db: Db, rows: (typeof profiles.$inferInsert)[]) =>
  db.insert(profiles).values(rows).onConflictDoNothing().returning({ id: profiles.id });

/** One profile that is not a demo profile (none or one). */
export const anyRealProfile = (db: Db) =>
  db.select({ id: profiles.id }).from(profiles).where(eq(profiles.demo, false)).limit(1);

/** The profiles in stock with one of these ICCIDs or activation codes. */
export const profilesWithCodes = (db: Db, iccids: string[], activationCodes: string[]) =>
  db
    .select({ iccid: profiles.iccid, activationCode: profiles.activationCode })
    .from(profiles)
    .where(or(inArray(profiles.iccid, iccids), inArray(profiles.activationCode, activationCodes)));

/** Stores imported profiles (a clash throws: the unique indexes). */
export const insertProfiles = (tx: Tx, rows: (typeof profiles.$inferInsert)[]) =>
  tx.insert(profiles).values(rows);

/** Profiles counted by operator, plan and state. */
export const profileCountsByShelf = (db: Db) =>
  db
    .select({
      operatorId: profiles.operatorId,
      planId: profiles.planId,
      state: profiles.state,
      n: count(),
    })
    .from(profiles)
    .groupBy(profiles.operatorId, profiles.planId, profiles.state);

/** How many orders wait for stock (one row). */
export const waitingOrderCount = (db: Db) =>
  db.select({ n: count() }).from(orders).where(eq(orders.deliveryState, 'waiting_for_stock'));

/** The operator and plan of every shelf an order waits on. */
export const waitingShelves = (db: Db) =>
  db
    .selectDistinct({ operatorId: orders.operatorId, planId: orders.planId })
    .from(orders)
    .where(eq(orders.deliveryState, 'waiting_for_stock'));

/** The order with this id (none or one). */
export const orderRow = (q: Queries, id: string) =>
  q.select().from(orders).where(eq(orders.id, id));

/**
 * The ids of the outbox rows due at `now` of these kinds (an eSIM email only once its order has
 * its eSIM), oldest due first, at most `limit`; locked, skipping rows another copy holds.
 */
export const dueOutboxIds = (
  tx: Tx,
  due: { now: Date; kinds: string[]; esimKind: string; limit: number },
) =>
  tx
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .leftJoin(orders, eq(orders.id, messageOutbox.orderId))
    .where(
      and(
        isNull(messageOutbox.sentAt),
        lte(messageOutbox.nextAttemptAt, due.now),
        inArray(messageOutbox.kind, due.kinds),
        // An eSIM email waits for its eSIM (an order waiting for stock).
        or(
          ne(messageOutbox.kind, due.esimKind),
          inArray(orders.deliveryState, ['assigned', 'delivered']),
        ),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(due.limit)
    .for('update', { of: messageOutbox, skipLocked: true });

/** Leases the outbox rows until `until` (their next attempt) and returns them. */
export const leaseOutboxRows = (tx: Tx, ids: number[], until: Date) =>
  tx
    .update(messageOutbox)
    .set({ nextAttemptAt: until })
    .where(inArray(messageOutbox.id, ids))
    .returning();

/** Marks an outbox row sent. */
export const markOutboxSent = (tx: Tx, id: number, sentAt: Date, attempts: number) =>
  tx
    .update(messageOutbox)
    .set({ sentAt, attempts, lastError: null })
    .where(eq(messageOutbox.id, id));

/** Drops the address and the links (tokens) from a sent row's payload. */
export const forgetOutboxAddress = (tx: Tx, id: number) =>
  tx
    .update(messageOutbox)
    .set({ payload: sql`${messageOutbox.payload} - 'to' - 'orders' - 'link'` })
    .where(eq(messageOutbox.id, id));

/** Records a failed send of a row not sent meanwhile. */
export const noteOutboxFailure = (
  db: Db,
  id: number,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
) =>
  db
    .update(messageOutbox)
    .set(failure)
    .where(and(eq(messageOutbox.id, id), isNull(messageOutbox.sentAt)));

/** Serialises the limit policy's check-and-count, so parallel payments cannot both slip under. */
const LIMIT_LOCK = 8_787_004;

/** Takes the limit policy's lock until the transaction ends. */
export const lockLimitPolicy = (tx: Tx) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${LIMIT_LOCK})`);

/**
 * The sum of the prices of orders delivered unconfirmed since `since` (and not confirmed
 * since), and how many of them the contact made (one row).
 */
export const unconfirmedWindowSums = (tx: Tx, since: Date, contactHash: string | null) =>
  tx
    .select({
      sum: sql<string>`coalesce(sum(${orders.price}), 0)`,
      forContact: contactHash
        ? sql<string>`count(*) filter (where ${orders.contactHash} = ${contactHash})`
        : sql<string>`0`,
    })
    .from(orders)
    .where(and(gt(orders.unconfirmedDeliveryAt, since), ne(orders.bankState, 'confirmed')));

/** Counts the order in the limit policy's window from `at`; returns its row. */
export const setUnconfirmedDeliveryAt = (tx: Tx, orderId: string, at: Date) =>
  tx.update(orders).set({ unconfirmedDeliveryAt: at }).where(eq(orders.id, orderId)).returning();

/** Queues an outbox message. */
export const insertOutboxRow = (q: Queries, row: typeof messageOutbox.$inferInsert) =>
  q.insert(messageOutbox).values(row);

/** Marks the held orders whose promised time passed, not yet alerted, as alerted at `now`. */
export const markOverdueHeldAlerted = (tx: Tx, now: Date) =>
  tx
    .update(orders)
    .set({ heldOverdueAlertedAt: now })
    .where(
      and(
        eq(orders.deliveryState, 'held'),
        lte(orders.promisedBy, now),
        isNull(orders.heldOverdueAlertedAt),
      ),
    )
    .returning();

const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * The in-stock profiles an order may take: its operator and plan, demo or real as it was paid
 * (placeholders `operatorId`, `planId`, `demo`: esim-delivery's shelfOf).
 */
const inStock = sql`${column(profiles.operatorId)} = ${columnParam('operatorId', profiles.operatorId)}
        and ${column(profiles.planId)} = ${columnParam('planId', profiles.planId)}
        and ${column(profiles.state)} = 'in_stock'
        and ${column(profiles.demo)} = ${columnParam('demo', profiles.demo)}
      order by ${column(profiles.importedAt)} asc, ${column(profiles.iccid)} asc
      limit 1
      for update skip locked`;

/**
 * The oldest in-stock profile of an operator and plan, locked, skipping rows other payments hold;
 * built once per process and prepared for each transaction (decision 105: every paid receipt
 * looks for one).
 */
export const inStockProfile = preparedQuery<{ id: string }>('profile_in_stock', () => ({
  query: sql`select ${column(profiles.id)} from ${profiles} where ${inStock}`,
  fields: [{ path: ['id'], field: profiles.id }],
}));

/**
 * {@link inStockProfile}, and when there is none the order marked waiting for stock (the
 * lifecycle's `waitingForStock` write, with its event), in the same statement (decision 107: a
 * paid order without stock took two round trips in the payment's transaction). Returns the
 * profile's id, or the waiting order's row.
 */
export const inStockOrWaiting = composedWrite<{ profileId: string | null; waiting: OrderRow }>(
  'profile_in_stock_or_waiting',
  (write) => ({
    query: sql`with picked as (
      select ${column(profiles.id)} from ${profiles} where ${inStock}
    ), ${write}
    select (select ${column(profiles.id)} from picked), ${sql.join(
      orderFields().map(({ field }) => sql`changed.${column(field as { name: string })}`),
      sql`, `,
    )}
    from (select 1) as one left join changed on true`,
    fields: [{ path: ['profileId'], field: sql`profile_id` }, ...orderFields('waiting')],
  }),
  sql`not exists (select 1 from picked)`,
);

/** Hands the profile over (the columns `set`) and returns it. */
export const handProfileRow = (tx: Tx, profileId: string, set: Partial<ProfileRow>) =>
  tx.update(profiles).set(set).where(eq(profiles.id, profileId)).returning();

/**
 * Orders waiting for stock, oldest payment first (at most 1,000), locked, skipping those
 * another process holds.
 */
export const lockWaitingOrders = (tx: Tx) =>
  tx
    .select()
    .from(orders)
    .where(eq(orders.deliveryState, 'waiting_for_stock'))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(1000)
    .for('update', { skipLocked: true });

/**
 * The delivery's two reads, prepared once per database (decision 105): every answer that shows a
 * delivered or waiting order's eSIM makes them (a paid receipt's, GET /api/orders/{id}). In a
 * transaction they are built for it, as before.
 */
const profileByOrderStatement = preparedStatement((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.orderId, sql.placeholder('orderId')))
    .limit(1)
    .prepare('profile_by_order'),
);

const latestEmailStatement = preparedStatement((db) =>
  db
    .select()
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.orderId, sql.placeholder('orderId')),
        eq(messageOutbox.kind, sql.placeholder('kind')),
      ),
    )
    .orderBy(desc(messageOutbox.id))
    .limit(1)
    .prepare('latest_esim_email'),
);

/** The profile on an order, any state (none or one). */
export const profileByOrder = (db: Queries, orderId: string) =>
  profileByOrderStatement({ db: db as Db }).execute({ orderId });

/** The order's latest outbox row of this kind (its eSIM email; none or one). */
export const latestEmailOfOrder = (db: Queries, orderId: string, kind: string) =>
  latestEmailStatement({ db: db as Db }).execute({ orderId, kind });

/** The install progress of the profile with this ICCID (none or one). */
export const installOfIccid = (db: Queries, iccid: string) =>
  db.select().from(installProgress).where(eq(installProgress.iccid, iccid)).limit(1);

/** Marks the order's assigned profile delivered. */
export const markProfileDelivered = (q: Queries, orderId: string, at: Date) =>
  q
    .update(profiles)
    .set({ state: 'delivered', deliveredAt: at })
    .where(and(eq(profiles.orderId, orderId), eq(profiles.state, 'assigned')));

/** Forgets the address and order link of the emails of this kind sent before `before`. */
export const forgetSentEmailAddresses = (db: Db, kind: string, before: Date) =>
  db
    .update(messageOutbox)
    .set({ payload: sql`${messageOutbox.payload} - 'link' - 'to'` })
    .where(
      and(
        eq(messageOutbox.kind, kind),
        isNotNull(messageOutbox.sentAt),
        lt(messageOutbox.sentAt, before),
        sql`(${messageOutbox.payload} ? 'to' OR ${messageOutbox.payload} ? 'link')`,
      ),
    );
