import { sql } from 'drizzle-orm';
import {
  BANK_CONFIRMERS,
  BANK_STATES,
  DELIVERY_STATES,
  INSTALL_STATES,
  ORDER_EVENTS,
  ORDER_STATUSES,
  PROFILE_STATES,
  REFUND_STATES,
  VERIFIERS,
} from '#domain/order-life';
import { REQUEST_KINDS, REQUEST_REASONS } from '#domain/refund-policy';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The tables as the query layer sees them. The SQL in server/migrations is the source of truth
 * (run on start); server/tests/db/schema-agreement.test.ts checks that both agree: columns, types,
 * nullability, defaults, keys, indexes and enum lists. Indexes and foreign keys are declared here
 * only so that the test can compare them; the migrations make them.
 */
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique(),
    tokenHash: text('token_hash').notNull(),
    planId: text('plan_id').notNull(),
    operatorId: text('operator_id').notNull(),
    contact: text('contact'),
    contactKind: text('contact_kind', { enum: ['email', 'phone'] }).notNull(),
    language: text('language', { enum: ['en', 'my'] })
      .notNull()
      .default('en'),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('MMK'),
    mmqrPayload: text('mmqr_payload').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    source: text('source', { enum: ['shop', 'partner'] })
      .notNull()
      .default('shop'),
    partnerKeyId: uuid('partner_key_id'),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    verifyingSince: time('verifying_since'),
    paidAt: time('paid_at'),
    transactionId: text('transaction_id'),
    transactionTime: time('transaction_time'),
    verifiedBy: text('verified_by', { enum: VERIFIERS }),
    lastFailure: jsonb('last_failure'),
    activationRequestedAt: time('activation_requested_at'),
    deliveryState: text('delivery_state', { enum: DELIVERY_STATES }).notNull().default('none'),
    promisedBy: time('promised_by'),
    /** Staff were told the held order passed its promised time (migration 013): once per order. */
    heldOverdueAlertedAt: time('held_overdue_alerted_at'),
    bankState: text('bank_state', { enum: BANK_STATES }).notNull().default('unconfirmed'),
    bankConfirmedBy: text('bank_confirmed_by', { enum: BANK_CONFIRMERS }),
    unconfirmedDeliveryAt: time('unconfirmed_delivery_at'),
    /**
     * HMAC-SHA256 of the normalised contact (migration 005): Find my eSIMs finds paid orders by
     * it, and the delivery policy counts one contact's unconfirmed eSIMs.
     */
    contactHash: text('contact_hash'),
    paymentRejectedReason: text('payment_rejected_reason'),
    paymentRejectedAt: time('payment_rejected_at'),
    /** The last of the order's events (order_events.seq, migration 009): the lifecycle counts it. */
    eventSeq: integer('event_seq').notNull().default(0),
    /** A buyer's refund or replacement request (migration 012, issue #41): the lifecycle writes it. */
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull().default('none'),
  },
  (table) => [
    index('orders_status_idx').on(table.status, table.createdAt),
    index('orders_waiting_idx')
      .on(table.paidAt)
      .where(sql`delivery_state = 'waiting_for_stock'`),
    index('orders_unconfirmed_idx')
      .on(table.unconfirmedDeliveryAt)
      .where(sql`unconfirmed_delivery_at IS NOT NULL`),
    index('orders_contact_hash_idx')
      .on(table.contactHash)
      .where(sql`contact_hash IS NOT NULL`),
    index('orders_held_promised_idx')
      .on(table.promisedBy)
      .where(sql`delivery_state = 'held'`),
  ],
);

/**
 * An order's history (migration 009, decision 115): one row per change of its state, written
 * only by the lifecycle (orders/lifecycle.ts), in the statement that makes the change.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    seq: integer('seq').notNull(),
    event: text('event', { enum: ORDER_EVENTS }).notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    actor: text('actor').notNull(),
    evidence: jsonb('evidence').notNull().default({}),
    at: time('at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.seq] })],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** Extra order links (the Find my eSIMs email): SHA-256 of each token (migrations 005, 013). */
export const orderLinks = pgTable(
  'order_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: time('created_at').notNull(),
    /** After this the link opens nothing (migration 013, review N4). */
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('order_links_order_idx').on(table.orderId)],
);

/** Secrets the server made itself (migration 005). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: time('created_at').notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = OrderRow['status'];

export const payments = pgTable('payments', {
  transactionId: text('transaction_id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  amount: integer('amount').notNull(),
  transactionTime: time('transaction_time').notNull(),
  verifiedBy: text('verified_by').notNull(),
  createdAt: time('created_at').notNull(),
  /** The receipt showed the shop as payee (true) or no payee (false); null before issue #23. */
  payeeShown: boolean('payee_shown'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: time('created_at').notNull(),
    /** The order the answer carries (its contact is dropped once the order is delivered). */
    orderId: uuid('order_id'),
    /** When the answer was emptied (the order delivered); a replay then says so. */
    prunedAt: time('pruned_at'),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_order_idx')
      .on(table.orderId)
      .where(sql`order_id IS NOT NULL`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export const messageOutbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull(),
    createdAt: time('created_at').notNull(),
    sentAt: time('sent_at'),
    lastError: text('last_error'),
    orderId: uuid('order_id'),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
    index('outbox_order_idx')
      .on(table.orderId, table.kind)
      .where(sql`order_id IS NOT NULL`),
  ],
);

export const aiHealth = pgTable('ai_health', {
  task: text('task').primaryKey(),
  ok: boolean('ok').notNull(),
  latencyMs: integer('latency_ms').notNull(),
  message: text('message').notNull(),
  checkedAt: time('checked_at').notNull(),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: time('created_at').notNull(),
  revokedAt: time('revoked_at'),
  lastUsedAt: time('last_used_at'),
  role: text('role', { enum: ['partner', 'staff'] })
    .notNull()
    .default('partner'),
});

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    planId: text('plan_id').notNull(),
    iccid: text('iccid').notNull().unique(),
    activationCode: text('activation_code').notNull().unique(),
    state: text('state', { enum: PROFILE_STATES }).notNull(),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id),
    importedAt: time('imported_at').notNull(),
    assignedAt: time('assigned_at'),
    deliveredAt: time('delivered_at'),
    withdrawnAt: time('withdrawn_at'),
    /** A demo profile (`npm run stock -- demo`): only for orders the demo script decided. */
    demo: boolean('demo').notNull().default(false),
    source: text('source', { enum: ['stock', 'es2plus'] })
      .notNull()
      .default('stock'),
    /** The order a replaced profile was on (migration 012): its order_id went to the new one. */
    replacedOrderId: uuid('replaced_order_id').references(() => orders.id),
  },
  (table) => [
    index('profiles_stock_idx').on(
      table.operatorId,
      table.planId,
      table.demo,
      table.state,
      table.importedAt,
    ),
  ],
);

export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: time('window_start').notNull(),
    expiresAt: time('expires_at').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_windows_expiry_idx').on(table.expiresAt),
  ],
);

/** Suffixes for the second and later orders of one second (migration 008, decision 083). */
export const orderNumberSuffixes = pgSequence('order_number_suffixes');

export type ProfileRow = typeof profiles.$inferSelect;

export const paymentNotifications = pgTable('payment_notifications', {
  eventId: text('event_id').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  orderNumber: text('order_number').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  paidAt: time('paid_at').notNull(),
  payerName: text('payer_name'),
  outcome: text('outcome', { enum: ['paid', 'confirmed', 'unmatched', 'reused'] }).notNull(),
  orderId: uuid('order_id').references(() => orders.id),
  receivedAt: time('received_at').notNull(),
});

export const statementLines = pgTable('statement_lines', {
  transactionId: text('transaction_id').primaryKey(),
  amount: integer('amount').notNull(),
  paidAt: time('paid_at').notNull(),
  payer: text('payer'),
  reference: text('reference'),
  line: integer('line').notNull(),
  importId: uuid('import_id').notNull(),
  importedAt: time('imported_at').notNull(),
});

export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey(),
  periodStart: time('period_start').notNull(),
  periodEnd: time('period_end').notNull(),
  lines: integer('lines').notNull(),
  importedAt: time('imported_at').notNull(),
});

export type BankState = OrderRow['bankState'];
export type DeliveryState = OrderRow['deliveryState'];

/** ES2+ calls owed to an SM-DP+ (issue #27, decision 076): profile orders and cancellations. */
export const es2plusJobs = pgTable(
  'es2plus_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['order', 'cancel'] }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    operatorId: text('operator_id').notNull(),
    profileType: text('profile_type'),
    iccid: text('iccid'),
    matchingId: text('matching_id'),
    smdpAddress: text('smdp_address'),
    finalProfileStatus: text('final_profile_status', { enum: ['Available', 'Unavailable'] }),
    state: text('state', { enum: ['pending', 'done', 'failed', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Which profile order of the order (migration 014): 1 the payment's, then each replacement's. */
    attempt: integer('attempt').notNull().default(1),
    nextAttemptAt: time('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: time('created_at').notNull(),
    finishedAt: time('finished_at'),
  },
  (table) => [
    // One profile order per attempt of an order (the payment's, then each replacement's).
    uniqueIndex('es2plus_jobs_order_idx')
      .on(table.orderId, table.attempt)
      .where(sql`kind = 'order'`),
    index('es2plus_jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`state = 'pending'`),
  ],
);

export type Es2plusJobRow = typeof es2plusJobs.$inferSelect;

export const es2plusNotifications = pgTable(
  'es2plus_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    iccid: text('iccid').notNull(),
    operatorId: text('operator_id').notNull(),
    notificationPointId: integer('notification_point_id').notNull(),
    status: text('status').notNull(),
    subjectCode: text('subject_code'),
    reasonCode: text('reason_code'),
    eventTime: time('event_time').notNull(),
    receivedAt: time('received_at').notNull(),
  },
  // Duplicate notifications are dropped by this key.
  (table) => [unique().on(table.iccid, table.notificationPointId, table.status, table.eventTime)],
);

export type { InstallState } from '#domain/order-life';

export const installProgress = pgTable('install_progress', {
  iccid: text('iccid').primaryKey(),
  state: text('state', { enum: INSTALL_STATES }).notNull(),
  stateAt: time('state_at').notNull(),
  updatedAt: time('updated_at').notNull(),
});

export type InstallProgressRow = typeof installProgress.$inferSelect;

/** The public AI features' daily budgets (migration 011, decision 121). */
export const aiBudgets = pgTable(
  'ai_budgets',
  {
    key: text('key').notNull(),
    /** The UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    requests: integer('requests').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.day] })],
);

/** Spent proofs of work (ALTCHA challenges' signatures), each good for one call. */
export const aiProofs = pgTable(
  'ai_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('ai_proofs_expiry_idx').on(table.expiresAt)],
);
/** Payments confirmed by a payment provider: one invoice per attempt (migration 010, issue #40). */
export const providerPayments = pgTable(
  'provider_payments',
  {
    provider: text('provider', { enum: ['2c2p', 'kbzpay'] }).notNull(),
    invoiceNo: text('invoice_no').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['MMK', 'USD'] }).notNull(),
    state: text('state', { enum: ['started', 'paid', 'declined', 'refused'] }).notNull(),
    redirectUrl: text('redirect_url'),
    qrPayload: text('qr_payload'),
    providerTransactionId: text('provider_transaction_id'),
    providerStatus: text('provider_status'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    paidAt: time('paid_at'),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.invoiceNo] }),
    index('provider_payments_order_idx').on(table.orderId),
    uniqueIndex('provider_payments_transaction_idx')
      .on(table.provider, table.providerTransactionId)
      .where(sql`provider_transaction_id IS NOT NULL`),
  ],
);

export type ProviderPaymentRow = typeof providerPayments.$inferSelect;

/** A buyer's request for a refund or a new eSIM (migration 012, issue #41). */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    reason: text('reason', { enum: REQUEST_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    policy: text('policy', { enum: ['refund', 'replace', 'refuse'] }).notNull(),
    email: text('email'),
    state: text('state', { enum: ['open', 'refunded', 'replaced', 'refused'] }).notNull(),
    staffReason: text('staff_reason'),
    decidedBy: text('decided_by'),
    createdAt: time('created_at').notNull(),
    decidedAt: time('decided_at'),
  },
  (table) => [
    uniqueIndex('order_requests_open_idx')
      .on(table.orderId)
      .where(sql`state = 'open'`),
    index('order_requests_created_idx').on(table.createdAt),
  ],
);

export type OrderRequestRow = typeof orderRequests.$inferSelect;

/** One refund per order (migration 012): manual (bank reference) or through its provider. */
export const refunds = pgTable(
  'refunds',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    method: text('method', { enum: ['manual', '2c2p', 'kbzpay'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['MMK', 'USD'] }).notNull(),
    state: text('state', { enum: ['pending', 'done', 'failed'] }).notNull(),
    requestNo: text('request_no').notNull().unique(),
    bankReference: text('bank_reference'),
    providerStatus: text('provider_status'),
    providerReason: text('provider_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    doneAt: time('done_at'),
    /** The refund round's next question (its backoff and lease, migration 015). */
    nextCheckAt: time('next_check_at'),
    /** The rounds that found it still pending. */
    checks: integer('checks').notNull().default(0),
  },
  (table) => [
    index('refunds_pending_idx')
      .on(table.nextCheckAt)
      .where(sql`state = 'pending'`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

export const schema = {
  orders,
  orderEvents,
  payments,
  idempotencyKeys,
  messageOutbox,
  aiHealth,
  apiKeys,
  profiles,
  orderLinks,
  serverSecrets,
  rateLimitWindows,
  orderNumberSuffixes,
  paymentNotifications,
  statementLines,
  statementImports,
  es2plusJobs,
  es2plusNotifications,
  installProgress,
  aiBudgets,
  aiProofs,
  providerPayments,
  orderRequests,
  refunds,
};
