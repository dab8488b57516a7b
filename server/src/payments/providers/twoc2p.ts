import { errors, jwtVerify, SignJWT } from 'jose';
import type { TwoC2PConfig } from './provider-config';
import { TwoC2PMaintenance } from './twoc2p-maintenance';
import {
  fieldText,
  majorUnits,
  minorUnits,
  notificationField,
  postJson,
  providerUnavailable,
  unauthorized,
  type PaymentProvider,
  type ProviderReport,
  type RefundInput,
  type RefundReport,
  type StartedPayment,
  type StartInput,
} from './provider';

/**
 * 2C2P PGW v4.3 (issue #40 point 2, decision 117): a hosted payment page for cards (Visa,
 * Mastercard, JCB, UnionPay, MPU) in the merchant account's currency.
 *
 * Every request and answer body is `{"payload": "<JWT>"}`, the JWT signed HS256 with the
 * merchant's secret key (developer.2c2p.com: api-payment-token, api-payment-response-backend,
 * api-payment-inquiry). The algorithm is pinned: a token with `alg: none`, HS512 or any other
 * algorithm is refused before its payload is read, whatever its header says. `respCode` "0000"
 * is success. The browser's return (`paymentResponse`) is unsigned base64 and never pays.
 */

const ALGORITHM = 'HS256';
const SUCCESS = '0000';
/** 2C2P's codes for a payment still under way (the buyer has not finished, 3-D Secure…). */
const PENDING = new Set(['0001', '1001', '2001', '2000', '0003', '4200']);

const encoder = new TextEncoder();

export class TwoC2PProvider implements PaymentProvider {
  readonly id = '2c2p' as const;
  readonly currency: 'USD' | 'MMK';
  readonly merchantId: string;
  readonly acknowledgement = { contentType: 'application/json', body: '{"received":true}' };
  readonly #key: Uint8Array;
  /** Refunds through Payment Maintenance (issue #41), when its keys are set. */
  readonly refund?: (input: RefundInput) => Promise<RefundReport>;
  readonly refundStatus?: (input: RefundInput) => Promise<RefundReport>;

  constructor(
    private readonly config: TwoC2PConfig,
    private readonly fetcher: typeof fetch,
    private readonly timeoutMs: number,
  ) {
    this.currency = config.currency;
    this.merchantId = config.merchantId;
    this.#key = encoder.encode(config.secretKey);
    if (config.maintenance) {
      const maintenance = new TwoC2PMaintenance(
        config.maintenance,
        config.merchantId,
        fetcher,
        timeoutMs,
      );
      this.refund = (input) => maintenance.refund(input);
      this.refundStatus = (input) => maintenance.refundStatus(input);
    }
  }

  /** The JWT of `payload`, HS256 with the merchant's secret key. */
  sign(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(this.#key);
  }

  /** The payload of a 2C2P JWT, verified HS256 with the merchant's key; 401 otherwise. */
  async verify(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: [ALGORITHM] });
      return payload as Record<string, unknown>;
    } catch (error) {
      if (error instanceof errors.JOSEAlgNotAllowed) {
        throw unauthorized('The payload is not signed HS256 (2C2P signs with HS256 only).');
      }
      throw unauthorized('The payload’s signature does not hold (not 2C2P, or changed).');
    }
  }

  /** POST {payload: JWT} to a PGW endpoint; the answer's payload verified like a notification. */
  async #call(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await postJson(
      this.fetcher,
      '2C2P',
      `${this.config.baseUrl}/payment/4.3/${path}`,
      { payload: await this.sign(payload) },
      this.timeoutMs,
    );
    const token = (answer as { payload?: unknown } | null)?.payload;
    if (typeof token !== 'string') {
      // 2C2P answers a refused request with a plain {respCode, respDesc}.
      const code = (answer as { respCode?: unknown } | null)?.respCode;
      throw providerUnavailable('2C2P', `respCode ${typeof code === 'string' ? code : '?'}`);
    }
    try {
      return await this.verify(token);
    } catch {
      throw providerUnavailable('2C2P', 'an answer not signed with our key');
    }
  }

  async start(input: StartInput): Promise<StartedPayment> {
    const answer = await this.#call('paymentToken', {
      merchantID: this.config.merchantId,
      invoiceNo: input.invoiceNo,
      description: input.description,
      amount: majorUnits(input.amount, input.currency),
      currencyCode: input.currency,
      paymentChannel: this.config.channels,
      frontendReturnUrl: input.frontendReturnUrl,
      backendReturnUrl: input.backendReturnUrl,
      locale: input.language === 'my' ? 'my' : 'en',
      idempotencyID: input.invoiceNo,
    });
    const url = answer.webPaymentUrl;
    if (answer.respCode !== SUCCESS || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      const code = typeof answer.respCode === 'string' ? answer.respCode : '?';
      throw providerUnavailable('2C2P', `paymentToken respCode ${code}`);
    }
    return { kind: 'redirect', redirectUrl: url };
  }

  /** What a verified 2C2P payload (notification or inquiry answer) says of its invoice. */
  report(payload: Record<string, unknown>): ProviderReport {
    const currency = fieldText(payload.currencyCode).toUpperCase();
    const code = fieldText(payload.respCode);
    return {
      invoiceNo: fieldText(payload.invoiceNo),
      merchantId: fieldText(payload.merchantID),
      amount: minorUnits(payload.amount, currency),
      currency,
      status: code === SUCCESS ? 'paid' : PENDING.has(code) ? 'pending' : 'declined',
      providerStatus: code,
      transactionId: fieldText(payload.tranRef) || null,
    };
  }

  async readNotification(raw: Uint8Array): Promise<ProviderReport> {
    const token = notificationField(
      raw,
      'payload',
      'Expected 2C2P’s backend notification: {"payload": "<JWT>"}.',
    );
    if (typeof token !== 'string') {
      throw unauthorized('Expected 2C2P’s backend notification: {"payload": "<JWT>"}.');
    }
    return this.report(await this.verify(token));
  }

  async inquire(invoiceNo: string): Promise<ProviderReport> {
    const answer = await this.#call('paymentInquiry', {
      merchantID: this.config.merchantId,
      invoiceNo,
      locale: 'en',
    });
    return this.report(answer);
  }
}
