-- Payments confirmed by a payment provider (issue #40, decision 117): a card on 2C2P's hosted
-- page, or KBZPay's dynamic MMQR. Each attempt is one provider invoice for one order: the
-- provider's notification names the invoice, the invoice names the order, and the provider's
-- own transaction reference pays at most one order, ever.
CREATE TABLE provider_payments (
  -- 2c2p or kbzpay.
  provider text NOT NULL CHECK (provider IN ('2c2p', 'kbzpay')),
  -- What the shop sent as invoiceNo (2C2P) or merch_order_id (KBZPay): 12 digits, unique.
  invoice_no text NOT NULL,
  order_id uuid NOT NULL REFERENCES orders (id),
  -- What the provider was asked for, in the merchant account's currency, in minor units
  -- (US cents; whole kyat). MMK stays the order's price of record (orders.price).
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('MMK', 'USD')),
  -- started (the hosted page or the QR was handed out), paid (the provider confirmed it and the
  -- order was paid), declined (the provider said no), refused (confirmed, but the order could
  -- not take it: paid already, cancelled; for staff).
  state text NOT NULL CHECK (state IN ('started', 'paid', 'declined', 'refused')),
  -- The hosted page's address (2C2P) or the QR payload (KBZPay).
  redirect_url text,
  qr_payload text,
  -- The provider's reference of the money (2C2P tranRef, KBZPay mm_order_id) once it paid.
  provider_transaction_id text,
  -- The provider's last word on it (respCode / trade_status), for staff.
  provider_status text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  PRIMARY KEY (provider, invoice_no)
);

CREATE INDEX provider_payments_order_idx ON provider_payments (order_id);

-- One provider transaction pays one order.
CREATE UNIQUE INDEX provider_payments_transaction_idx
  ON provider_payments (provider, provider_transaction_id)
  WHERE provider_transaction_id IS NOT NULL;
