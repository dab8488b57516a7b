import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The tables as the query layer sees them. The SQL in server/migrations is the source of truth
 * (run on start); server/tests/db/schema.test.ts checks that both agree.
 */
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull().unique(),
  tokenHash: text('token_hash').notNull(),
  planId: text('plan_id').notNull(),
  operatorId: text('operator_id').notNull(),
  contact: text('contact'),
  contactKind: text('contact_kind', { enum: ['email', 'phone'] }).notNull(),
  language: text('language', { enum: ['en', 'my'] }).notNull(),
  price: integer('price').notNull(),
  currency: text('currency').notNull(),
  mmqrPayload: text('mmqr_payload').notNull(),
  status: text('status', {
    enum: ['awaiting_payment', 'verifying', 'paid', 'expired', 'cancelled'],
  }).notNull(),
  source: text('source', { enum: ['shop', 'partner'] }).notNull(),
  partnerKeyId: uuid('partner_key_id'),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  verifyingSince: time('verifying_since'),
  paidAt: time('paid_at'),
  transactionId: text('transaction_id'),
  transactionTime: time('transaction_time'),
  verifiedBy: text('verified_by', { enum: ['gemini', 'demo'] }),
  lastFailure: jsonb('last_failure'),
  activationRequestedAt: time('activation_requested_at'),
  deliveryState: text('delivery_state', {
    enum: ['none', 'waiting_for_stock', 'assigned', 'delivered', 'withdrawn'],
  })
    .notNull()
    .default('none'),
  promisedBy: time('promised_by'),
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
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/** Rate limits shared by every copy of the server (services/rate-limit.ts). */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: time('window_start').notNull(),
  count: integer('count').notNull(),
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: time('next_attempt_at').notNull(),
  createdAt: time('created_at').notNull(),
  sentAt: time('sent_at'),
  lastError: text('last_error'),
  orderId: uuid('order_id'),
});

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

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey(),
  operatorId: text('operator_id').notNull(),
  planId: text('plan_id').notNull(),
  iccid: text('iccid').notNull().unique(),
  activationCode: text('activation_code').notNull().unique(),
  state: text('state', { enum: ['in_stock', 'assigned', 'delivered', 'withdrawn'] }).notNull(),
  orderId: uuid('order_id').unique(),
  importedAt: time('imported_at').notNull(),
  assignedAt: time('assigned_at'),
  deliveredAt: time('delivered_at'),
  withdrawnAt: time('withdrawn_at'),
});

export type ProfileRow = typeof profiles.$inferSelect;
export type DeliveryState = OrderRow['deliveryState'];

export const schema = {
  orders,
  payments,
  idempotencyKeys,
  rateLimitWindows,
  outbox,
  aiHealth,
  apiKeys,
  profiles,
};
