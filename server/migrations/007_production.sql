-- Production hardening (issue #25, decisions 078-079).

-- Review S7: a stored idempotent answer names its order, so that the answer (which carries the
-- buyer's contact) is emptied once that order is delivered; pruned_at says it was.
ALTER TABLE idempotency_keys ADD COLUMN order_id uuid;
ALTER TABLE idempotency_keys ADD COLUMN pruned_at timestamptz;
CREATE INDEX idempotency_keys_order_idx ON idempotency_keys (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Rate limits shared by every copy of the server (the /ai proxy's too) use rate_limit_windows,
-- made by migration 003.
