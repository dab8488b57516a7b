-- Instant delivery (issue #17, decisions 036–039): the eSIM profiles the shop bought from the
-- operators, which order each went to, the order's delivery state, and staff keys.

CREATE TABLE profiles (
  id uuid PRIMARY KEY,
  operator_id text NOT NULL,
  plan_id text NOT NULL,
  iccid text NOT NULL UNIQUE,
  -- LPA:1$<SM-DP+ address>$<matching ID>
  activation_code text NOT NULL UNIQUE,
  -- in_stock → assigned (in the payment's transaction) → delivered (email sent, or seen on
  -- screen); withdrawn by staff (refund). A withdrawn profile is never handed out again.
  state text NOT NULL CHECK (state IN ('in_stock', 'assigned', 'delivered', 'withdrawn')),
  order_id uuid UNIQUE REFERENCES orders (id),
  imported_at timestamptz NOT NULL,
  assigned_at timestamptz,
  delivered_at timestamptz,
  withdrawn_at timestamptz
);

-- The oldest in-stock profile of an operator and plan (FOR UPDATE SKIP LOCKED LIMIT 1;
-- ties within one import by ICCID).
CREATE INDEX profiles_stock_idx ON profiles (operator_id, plan_id, state, imported_at);

-- none while unpaid; waiting_for_stock when paid with no profile in stock; assigned;
-- delivered; withdrawn.
ALTER TABLE orders ADD COLUMN delivery_state text NOT NULL DEFAULT 'none'
  CHECK (delivery_state IN ('none', 'waiting_for_stock', 'assigned', 'delivered', 'withdrawn'));
-- When staff promise to send the eSIM of an order waiting for stock (paid_at + the promise).
ALTER TABLE orders ADD COLUMN promised_by timestamptz;

CREATE INDEX orders_waiting_idx ON orders (paid_at) WHERE delivery_state = 'waiting_for_stock';

-- The order an outbox row is about (the eSIM email's state on the order page, staff resends).
ALTER TABLE outbox ADD COLUMN order_id uuid;
CREATE INDEX outbox_order_idx ON outbox (order_id, kind) WHERE order_id IS NOT NULL;

-- Staff keys use the staff routes (/api/staff/*); partner keys the partner API.
ALTER TABLE api_keys ADD COLUMN role text NOT NULL DEFAULT 'partner'
  CHECK (role IN ('partner', 'staff'));
