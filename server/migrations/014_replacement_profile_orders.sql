-- A replacement (issue #41 point 4, decision 135) orders a new profile from the SM-DP+ for the
-- same order: one ES2+ profile order per attempt of an order (1: the payment's, 2, 3…: each
-- replacement's), where there was one per order, ever. Existing profile orders are attempt 1.
ALTER TABLE es2plus_jobs ADD COLUMN attempt integer NOT NULL DEFAULT 1;
DROP INDEX es2plus_jobs_order_idx;
CREATE UNIQUE INDEX es2plus_jobs_order_idx ON es2plus_jobs (order_id, attempt) WHERE kind = 'order';
