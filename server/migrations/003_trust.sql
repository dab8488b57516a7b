-- Issue #23 (decisions 068, 069): the payee check's flag on a payment, demo eSIM profiles,
-- database-held abuse limits (shared by every copy of the server) and order numbers that are
-- unique without one lock for every order.

-- Whether the receipt showed the shop as the payee (true) or no payee at all (false: confirmed,
-- but the delivery policy decides). NULL for payments recorded before the check existed.
ALTER TABLE payments ADD COLUMN payee_shown boolean;

-- Demo profiles (`npm run stock -- demo`) go only to orders decided by the demo script, imported
-- profiles only to orders a real model read.
ALTER TABLE profiles ADD COLUMN demo boolean NOT NULL DEFAULT false;
DROP INDEX IF EXISTS profiles_stock_idx;
CREATE INDEX profiles_stock_idx ON profiles (operator_id, plan_id, demo, state, imported_at);

-- Fixed-window counters: one row per limited key (e.g. `receipt-order:<id>`,
-- `order-address:<ip>`) and window. A row is removed once its window has ended.
CREATE TABLE rate_limit_windows (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_windows_expiry_idx ON rate_limit_windows (expires_at);

-- How many order numbers each second (Myanmar wall time) has handed out: the first order of a
-- second is #NXR-YYYYMMDD-HHMMSS, the next ones #NXR-YYYYMMDD-HHMMSS-2, -3, … One upsert per
-- order locks only its own second's row. Rows older than an hour are removed.
CREATE TABLE order_number_seconds (
  second timestamptz PRIMARY KEY,
  taken integer NOT NULL
);
