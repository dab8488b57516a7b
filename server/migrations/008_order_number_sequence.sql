-- Order numbers without a per-second counter row (issue #28 point 3, decision 083): the first
-- order of a second takes the bare `#NXR-YYYYMMDD-HHMMSS` by inserting it (the UNIQUE number
-- refuses a second one); any later order of that second takes a suffix from this sequence,
-- which hands out values without a row lock that orders queue on. Owned by orders.number, so
-- `TRUNCATE orders RESTART IDENTITY` restarts it too.
CREATE SEQUENCE order_number_suffixes AS bigint OWNED BY orders.number;
DROP TABLE order_number_seconds;
