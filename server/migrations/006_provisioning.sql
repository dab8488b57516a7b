-- Profiles ordered from the operator's SM-DP+ over GSMA ES2+ (issue #27, decisions 076–077).

-- provisioning: paid, the profile is being ordered from the SM-DP+ (a job below). The complete
-- list every branch agrees on (held: the delivery policy, another change).
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_delivery_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_delivery_state_check CHECK (delivery_state IN ('none', 'waiting_for_stock', 'provisioning', 'held', 'assigned', 'delivered', 'withdrawn'));

-- Where a profile came from: imported stock, or ordered over ES2+ for one order.
ALTER TABLE profiles ADD COLUMN source text NOT NULL DEFAULT 'stock'
  CHECK (source IN ('stock', 'es2plus'));

-- The ES2+ calls the shop owes an SM-DP+, run by the provisioning worker after the payment
-- commits (a lease and a backoff, like the outbox). kind order: DownloadOrder, then
-- ConfirmOrder (and ReleaseProfile when the operator needs it); the ICCID is stored as soon as
-- DownloadOrder answers, so a retry after a crash confirms that profile and never orders a
-- second one. kind cancel: CancelOrder of a profile staff withdrew.
CREATE TABLE es2plus_jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('order', 'cancel')),
  order_id uuid NOT NULL REFERENCES orders (id),
  operator_id text NOT NULL,
  profile_type text,
  iccid text,
  matching_id text,
  smdp_address text,
  -- CancelOrder's finalProfileStatusIndicator: Unavailable for a profile a buyer was shown
  -- (withdrawn), Available for one nobody saw (an order given up before it was confirmed).
  final_profile_status text CHECK (final_profile_status IN ('Available', 'Unavailable')),
  -- pending → done, or failed (a permanent Failed, or an outage longer than the fallback time:
  -- the order went back to the stock path), or cancelled (staff withdrew the order meanwhile).
  state text NOT NULL CHECK (state IN ('pending', 'done', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- One profile order per order, ever.
CREATE UNIQUE INDEX es2plus_jobs_order_idx ON es2plus_jobs (order_id) WHERE kind = 'order';
CREATE INDEX es2plus_jobs_due_idx ON es2plus_jobs (next_attempt_at) WHERE state = 'pending';

-- Every HandleDownloadProgressInfo the SM-DP+ sent (duplicates are dropped by the unique key).
CREATE TABLE es2plus_notifications (
  id bigserial PRIMARY KEY,
  iccid text NOT NULL,
  operator_id text NOT NULL,
  notification_point_id integer NOT NULL,
  status text NOT NULL,
  subject_code text,
  reason_code text,
  event_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  UNIQUE (iccid, notification_point_id, status, event_time)
);

-- What the buyer's phone did with a profile, derived from those notifications (decision 077).
CREATE TABLE install_progress (
  iccid text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('released', 'downloaded', 'installed', 'failed', 'deleted')),
  -- When the state was reached (the SM-DP+'s timestamp; the release: the shop's clock).
  state_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
