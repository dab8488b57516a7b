/** Types of fake-2c2p.mjs (the server's tests and the journeys import it). */
export type FakeAnswer = { status: number; body: string };
export type Fake2c2pInvoice = {
  invoiceNo: string;
  description: string;
  amount: number;
  currencyCode: string;
  channels: string[];
  frontendReturnUrl: string;
  backendReturnUrl: string;
  locale: string;
  state: 'open' | 'paid' | 'declined';
  respCode: string;
  respDesc: string;
  paymentToken: string;
  tranRef?: string;
  referenceNo?: string;
  paidAt?: string;
};
export type Fake2c2pControl = {
  down: boolean;
  inquiryDown: boolean;
  delayMs: number;
  duplicate: number;
  notify: 'before' | 'after' | 'none';
  inquiryOverride: Record<string, unknown> | null;
  notificationOverride: Record<string, unknown> | null;
  /** Payment Maintenance (refunds, issue #41). */
  maintenanceDown: boolean;
  unsettled: boolean;
  pending: boolean;
  refuse: { respCode: string; respDesc: string } | null;
};
export type Signing = { alg?: string; secret?: string };
export type Fake2c2p = {
  url: string;
  port: number;
  merchantId: string;
  secretKey: string;
  control: Fake2c2pControl;
  invoices: Map<string, Fake2c2pInvoice>;
  calls: { path: string; method: string | undefined }[];
  notifications: { invoiceNo: string; payload: Record<string, unknown>; answers: FakeAnswer[] }[];
  jwt: typeof jwt;
  merchantPrivateKey: string;
  providerPublicKey: string;
  maintenanceUrl: string;
  refunds: Map<string, { idempotencyID: string; status: string; amount: number }>;
  approve(invoiceNo: string): Promise<FakeAnswer[]>;
  decline(invoiceNo: string): Promise<FakeAnswer[]>;
  settleQuietly(invoiceNo: string, outcome?: 'approve' | 'decline'): void;
  notify(
    invoiceNo: string,
    overrides?: Record<string, unknown>,
    signing?: Signing,
  ): Promise<FakeAnswer[]>;
  reset(): void;
  close(): Promise<void>;
};
export const FAKE_2C2P_MERCHANT_ID: string;
export const FAKE_2C2P_SECRET_KEY: string;
export function jwt(
  payload: Record<string, unknown>,
  secret: string,
  options?: { alg?: string; header?: Record<string, unknown> },
): string;
export function startFake2c2p(options?: {
  port?: number;
  host?: string;
  merchantId?: string;
  secretKey?: string;
  fetch?: typeof fetch;
}): Promise<Fake2c2p>;
