-- The bank as the source of truth (issue #23 items 2, 3 and 5, decisions 070–071): payment
-- notifications, imported statement lines, each paid order's bank state, and orders held
-- until the bank confirms them (DELIVERY_POLICY).

-- The complete list every branch of issue #23/#24/#27 agrees on.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_delivery_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_delivery_state_check CHECK (delivery_state IN ('none', 'waiting_for_stock', 'provisioning', 'held', 'assigned', 'delivered', 'withdrawn'));

-- A notification pays an order by itself: verified_by 'bank'.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_verified_by_check;
ALTER TABLE orders ADD CONSTRAINT orders_verified_by_check CHECK (verified_by IN ('gemini', 'demo', 'bank'));

-- What the bank says of a paid order: unconfirmed until a notification or a statement line
-- with its transaction id arrives (confirmed, or mismatch for another amount); suspect when an
-- imported statement covers its payment time and has no line for it.
ALTER TABLE orders ADD COLUMN bank_state text NOT NULL DEFAULT 'unconfirmed'
  CHECK (bank_state IN ('unconfirmed', 'confirmed', 'mismatch', 'suspect'));
-- notification, statement or staff (a person looked at the account).
ALTER TABLE orders ADD COLUMN bank_confirmed_by text
  CHECK (bank_confirmed_by IN ('notification', 'statement', 'staff'));
-- When an eSIM left on a screenshot alone (DELIVERY_POLICY instant or limit): the 24-hour sum
-- and the per-contact count of the limit policy. The contact itself is dropped on delivery, so
-- the count uses the order's keyed contact hash (contact_hash, migration 005).
ALTER TABLE orders ADD COLUMN unconfirmed_delivery_at timestamptz;
-- Staff rejected the payment (no such money on the account): why, and when.
ALTER TABLE orders ADD COLUMN payment_rejected_reason text;
ALTER TABLE orders ADD COLUMN payment_rejected_at timestamptz;

CREATE INDEX orders_unconfirmed_idx ON orders (unconfirmed_delivery_at)
  WHERE unconfirmed_delivery_at IS NOT NULL;

-- Every signed notification, once per event id (a repeat changes nothing).
CREATE TABLE payment_notifications (
  event_id text PRIMARY KEY,
  -- Normalised like payments.transaction_id (receipt-rules' normalizeTransactionId).
  transaction_id text NOT NULL,
  order_number text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  paid_at timestamptz NOT NULL,
  payer_name text,
  -- paid (it paid the order), confirmed (the order was already paid with this transaction),
  -- unmatched (no such order, another amount, a closed order), reused (the transaction paid
  -- another order).
  outcome text NOT NULL CHECK (outcome IN ('paid', 'confirmed', 'unmatched', 'reused')),
  order_id uuid REFERENCES orders (id),
  received_at timestamptz NOT NULL
);

-- The merchant account's statement lines staff imported, once per transaction id.
CREATE TABLE statement_lines (
  transaction_id text PRIMARY KEY,
  amount integer NOT NULL,
  paid_at timestamptz NOT NULL,
  payer text,
  reference text,
  -- The line in the file it came from (header = line 1).
  line integer NOT NULL,
  import_id uuid NOT NULL,
  imported_at timestamptz NOT NULL
);

-- Each import's period: its earliest and latest paid_at. An order paid inside a period with no
-- line is suspect.
CREATE TABLE statement_imports (
  id uuid PRIMARY KEY,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  lines integer NOT NULL,
  imported_at timestamptz NOT NULL
);
