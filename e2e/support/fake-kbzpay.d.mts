/** Types of fake-kbzpay.mjs (the server's tests and the journeys import it). */
export type FakeAnswer = { status: number; body: string };
export type FakeKbzOrder = {
  merch_order_id: string;
  total_amount: string;
  trans_currency: string;
  trade_type: string;
  notify_url: string;
  trade_status: string;
  prepay_id: string;
  qrCode: string;
  mm_order_id?: string;
  trans_end_time?: string;
};
export type FakeKbzControl = {
  down: boolean;
  delayMs: number;
  duplicate: number;
  queryOverride: Record<string, unknown> | null;
  /** Refunds answer REFUNDING (queryorder too) until this is cleared. */
  refundPending: boolean;
  /** A refund refused with this `msg` (result FAIL). */
  refundRefusal: string | null;
  /** A pending refund ends as REFUNDFAIL with this `msg`. */
  refundFailure: string | null;
};
export type FakeKbzRefund = {
  merch_order_id: string;
  refund_request_no: string;
  refund_order_id: string;
  refund_amount: string;
  status: 'REFUNDSUCCESS' | 'REFUNDING' | 'REFUNDFAIL';
  failure?: string;
};
export type FakeKbzpay = {
  url: string;
  /** The refund address (mutual TLS), when started with `tls`. */
  refundUrl: string | undefined;
  refunds: Map<string, FakeKbzRefund>;
  port: number;
  appId: string;
  merchCode: string;
  appKey: string;
  control: FakeKbzControl;
  orders: Map<string, FakeKbzOrder>;
  calls: { path: string; secure: boolean; refund?: string }[];
  notifications: {
    merch_order_id: string;
    request: Record<string, unknown>;
    answers: FakeAnswer[];
  }[];
  kbzSign: typeof kbzSign;
  pay(id: string): Promise<FakeAnswer[]>;
  notify(
    id: string,
    overrides?: Record<string, unknown>,
    signing?: { appKey?: string; sign?: string },
  ): Promise<FakeAnswer[]>;
  reset(): void;
  close(): Promise<void>;
};
export const FAKE_KBZPAY_APP_ID: string;
export const FAKE_KBZPAY_MERCH_CODE: string;
export const FAKE_KBZPAY_APP_KEY: string;
export function kbzSign(fields: Record<string, unknown>, appKey: string): string;
export function startFakeKbzpay(options?: {
  port?: number;
  host?: string;
  appId?: string;
  merchCode?: string;
  appKey?: string;
  fetch?: typeof fetch;
  /** Starts the refund address: HTTPS asking for a client certificate signed by `ca`. */
  tls?: { key: string; cert: string; ca: string };
}): Promise<FakeKbzpay>;
