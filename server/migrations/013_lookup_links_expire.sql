-- Find my eSIMs links expire (issue #43 point 4, review N4, decision 126): a mailbox read once
-- no longer gives lasting access to the activation codes. LOOKUP_LINK_DAYS (default 7) sets the
-- life of new links; links made before this migration get the same 7 days from their making.
-- The order's own link (orders.token_hash) is not affected.
ALTER TABLE order_links ADD COLUMN expires_at timestamptz;
UPDATE order_links SET expires_at = created_at + interval '7 days';
ALTER TABLE order_links ALTER COLUMN expires_at SET NOT NULL;

-- A held order past its promised time alerts staff once (issue #44 item 1): when they were told.
ALTER TABLE orders ADD COLUMN held_overdue_alerted_at timestamptz;
CREATE INDEX orders_held_promised_idx ON orders (promised_by) WHERE delivery_state = 'held';
