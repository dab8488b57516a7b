-- The public AI features' daily budgets (issue #43 point 1, review N1, decision 121): requests
-- and estimated input tokens per feature, per client and for the whole shop, per UTC day,
-- counted here so that every copy of the server shares them. Rows of past days are removed by
-- the counting code.
CREATE TABLE ai_budgets (
  key text NOT NULL,
  day text NOT NULL,
  requests integer NOT NULL,
  tokens bigint NOT NULL,
  PRIMARY KEY (key, day)
);
-- Proofs of work (ALTCHA challenges) already spent on an image or a video: each solves one call.
CREATE TABLE ai_proofs (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ai_proofs_expiry_idx ON ai_proofs (expires_at);
