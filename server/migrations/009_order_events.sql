-- An order's history (issue #39, decision 115): every change of its status, delivery state or
-- bank state is one row, written by the lifecycle (server/src/orders/lifecycle.ts) in the same
-- statement as the change itself. `seq` counts an order's events from 1; the order keeps the
-- last one (`event_seq`), incremented by the same UPDATE that changes its state, so two changes
-- of one order can never take the same number, and an event never exists without its change.
ALTER TABLE orders ADD COLUMN event_seq integer NOT NULL DEFAULT 0;

CREATE TABLE order_events (
  order_id uuid NOT NULL REFERENCES orders (id),
  seq integer NOT NULL,
  event text NOT NULL CHECK (event IN ('receiptClaimed', 'receiptReleased', 'paid', 'cancelled', 'heldForBank', 'heldReleased', 'provisioningStarted', 'waitingForStock', 'profileHanded', 'emailSent', 'withdrawn', 'bankConfirmed', 'bankMismatch', 'bankSuspect')),
  from_state text NOT NULL,
  to_state text NOT NULL,
  actor text NOT NULL,
  evidence jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL,
  PRIMARY KEY (order_id, seq)
);
