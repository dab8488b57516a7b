-- Find my eSIMs (issue #24, decision 073): a returning buyer asks by email for the links of
-- their paid orders. The contact is dropped once the eSIM is delivered, so the order keeps a
-- keyed hash of the normalised email (HMAC-SHA256 with the server's secret) to be found by.
ALTER TABLE orders ADD COLUMN contact_hash text;
CREATE INDEX orders_contact_hash_idx ON orders (contact_hash) WHERE contact_hash IS NOT NULL;

-- Links made for the lookup email: a new token per order and email, kept as its SHA-256 like
-- the order's own token; the order's first link keeps working.
CREATE TABLE order_links (
  token_hash text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX order_links_order_idx ON order_links (order_id);

-- Secrets the server makes itself when none is configured (the contact hash's key).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);
