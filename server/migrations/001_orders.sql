-- Orders made by the shop (buyers) and by partners, the payments that paid them, and the
-- bookkeeping for idempotent requests and the AI service's health.

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  -- #NXR-YYYYMMDD-HHMMSS in Myanmar time; the bill reference inside the MMQR payload.
  number text NOT NULL UNIQUE,
  -- SHA-256 of the random order token handed to the buyer (the token itself is never stored).
  token_hash text NOT NULL,
  plan_id text NOT NULL,
  operator_id text NOT NULL,
  -- The normalised email or 09… number; dropped (NULL) once the eSIM has been delivered.
  contact text,
  contact_kind text NOT NULL CHECK (contact_kind IN ('email', 'phone')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'my')),
  price integer NOT NULL CHECK (price > 0),
  currency text NOT NULL DEFAULT 'MMK',
  mmqr_payload text NOT NULL,
  -- awaiting_payment → verifying → paid (or back to awaiting_payment when refused);
  -- expired when the window passed unpaid; cancelled by the buyer.
  status text NOT NULL CHECK (status IN ('awaiting_payment', 'verifying', 'paid', 'expired', 'cancelled')),
  source text NOT NULL DEFAULT 'shop' CHECK (source IN ('shop', 'partner')),
  partner_key_id uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set while a receipt is being checked; a check older than the verification limit is stale
  -- (the server stopped in the middle) and the order may be checked again.
  verifying_since timestamptz,
  paid_at timestamptz,
  transaction_id text,
  transaction_time timestamptz,
  verified_by text CHECK (verified_by IN ('gemini', 'demo')),
  -- The last refusal, as receipt-rules' FailureReason (JSON), for the order page.
  last_failure jsonb,
  activation_requested_at timestamptz
);

CREATE INDEX orders_status_idx ON orders (status, created_at);

-- One payment buys one order, across every device and buyer: the normalised transaction id is
-- the primary key, so a second order with the same receipt fails on the constraint.
CREATE TABLE payments (
  transaction_id text PRIMARY KEY,
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id),
  amount integer NOT NULL,
  transaction_time timestamptz NOT NULL,
  verified_by text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Idempotency-Key: a repeated request with the same key gets the first answer again.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- NULL while the first request is still being handled.
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

-- Work for later, written in the same transaction as the change it reports (transactional
-- outbox): e.g. tell staff an order was paid.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  last_error text
);

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;

-- The AI service's last result per task, for GET /status.
CREATE TABLE ai_health (
  task text PRIMARY KEY,
  ok boolean NOT NULL,
  latency_ms integer NOT NULL,
  message text NOT NULL,
  checked_at timestamptz NOT NULL
);

-- Partner API keys: only a SHA-256 of the key is kept; the key is shown once when created.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz
);
