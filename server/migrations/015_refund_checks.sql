-- The refund round (issue #41, decision 137): a pending provider refund is asked about in the
-- background until its answer is final. next_check_at is both the backoff and the lease: a
-- round takes a due refund by moving it past its call, so another copy of the server skips it;
-- checks counts the rounds that found it still pending (bounded: past the last, staff ask).
ALTER TABLE refunds ADD COLUMN next_check_at timestamptz;
ALTER TABLE refunds ADD COLUMN checks integer NOT NULL DEFAULT 0;
CREATE INDEX refunds_pending_idx ON refunds (next_check_at) WHERE state = 'pending';
