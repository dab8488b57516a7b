-- Refunds and replacements a buyer asks for (issue #41, decisions 124-125). The order's fourth
-- machine, refund_state, is written only by the lifecycle (server/src/orders/lifecycle-writes.ts)
-- with its events; a request's details and a refund's progress live in their own tables.
ALTER TABLE orders ADD COLUMN refund_state text NOT NULL DEFAULT 'none'
  CHECK (refund_state IN ('none', 'requested', 'refunding', 'refunded', 'refused', 'replaced'));

ALTER TABLE order_events DROP CONSTRAINT order_events_event_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_event_check CHECK (event IN ('receiptClaimed', 'receiptReleased', 'paid', 'cancelled', 'heldForBank', 'heldReleased', 'provisioningStarted', 'waitingForStock', 'profileHanded', 'emailSent', 'withdrawn', 'bankConfirmed', 'bankMismatch', 'bankSuspect', 'refundRequested', 'refundStarted', 'refundFailed', 'refunded', 'refundRefused', 'replaced'));

-- A buyer's request: what they asked, why, what the policy answered when they asked, and how
-- staff decided. One open request per order (the partial unique index).
CREATE TABLE order_requests (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('refund', 'replace')),
  reason text NOT NULL CHECK (reason IN ('not_installed', 'wrong_phone', 'deleted', 'plans_changed', 'no_connection')),
  note text NOT NULL DEFAULT '',
  -- What the policy said when the buyer asked: refund, replace or refuse.
  policy text NOT NULL CHECK (policy IN ('refund', 'replace', 'refuse')),
  -- Where the answer goes by email (optional; dropped once it is sent).
  email text,
  state text NOT NULL CHECK (state IN ('open', 'refunded', 'replaced', 'refused')),
  staff_reason text,
  decided_by text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE UNIQUE INDEX order_requests_open_idx ON order_requests (order_id) WHERE state = 'open';
CREATE INDEX order_requests_created_idx ON order_requests (created_at);

-- One refund per order, ever: the money going back the way it came. manual (MMQR or bank
-- transfer: staff record the bank's reference), 2c2p or kbzpay (the provider's refund API,
-- with request_no as its idempotency key).
CREATE TABLE refunds (
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  method text NOT NULL CHECK (method IN ('manual', '2c2p', 'kbzpay')),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('MMK', 'USD')),
  -- pending: asked of the provider, its answer not final; done; failed: the provider said no.
  state text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  request_no text NOT NULL UNIQUE,
  bank_reference text,
  provider_status text,
  provider_reason text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  done_at timestamptz
);

-- A replaced profile keeps the order it was on (its order_id is freed for the new one).
ALTER TABLE profiles ADD COLUMN replaced_order_id uuid REFERENCES orders (id);
