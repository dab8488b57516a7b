import { createHash, timingSafeEqual } from 'node:crypto';
import type { KbzPayConfig } from './provider-config';
import {
  fieldText,
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
 * KBZPay's payment gateway (issue #40 point 3, decision 117): `kbz.payment.precreate` with
 * `trade_type` PAY_BY_QRCODE makes a dynamic MMQR for this invoice and amount (MMK only);
 * KBZPay posts `{"Request": {…, "sign"}}` to `notify_url` when it is paid and expects the body
 * `success`; `kbz.payment.queryorder` (v3.0) is its answer on an invoice.
 *
 * The sign, as KBZPay documents it: the request's scalar, non-empty fields (biz_content's
 * flattened in) except `sign` and `sign_type`, sorted by key, joined `k=v&…`, then `&key=<app
 * key>`, SHA-256, upper-case hex. It is not an HMAC, so the server also asks queryorder before
 * any order is paid, and compares signs in constant time.
 *
 * Refunds (issue #41, decision 136): `kbz.payment.refund` (v1.0) on KBZPay's refund address,
 * which takes only callers holding the merchant's client certificate (mutual TLS:
 * KBZPAY_CLIENT_CERT / _KEY), with `refund_request_no` as its idempotency key (the same on every
 * retry: KBZPay refunds one request number once); its answer must carry a sign that holds.
 * `refund_status` REFUNDSUCCESS is done, REFUNDING is pending (asked again with
 * `kbz.payment.queryorder` naming the refund_request_no, as the public integrations do), a
 * refusal (result FAIL, or REFUNDFAIL) is failed with KBZPay's `msg` for staff.
 */

const PAID = 'PAY_SUCCESS';
const PENDING = new Set(['WAIT_PAY', 'PAYING', 'NOTPAY']);
const REFUNDED = new Set(['REFUNDSUCCESS', 'REFUND_SUCCESS']);
const REFUNDING = new Set(['REFUNDING', 'REFUND_PROCESSING']);

/** How the refund calls go: KBZPay's refund address, through the client certificate. */
export type KbzPayRefundTransport = { url: string; fetch: typeof fetch };

type Fields = Record<string, unknown>;

/** The string KBZPay signs: sorted `k=v` of non-empty scalars, sign and sign_type left out. */
export function signingBase(fields: Fields): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .filter((key) => {
      const value = fields[key];
      return (typeof value === 'string' && value !== '') || typeof value === 'number';
    })
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('&');
}

/** KBZPay's sign of `fields` with the app key. */
export const kbzSign = (fields: Fields, appKey: string) =>
  createHash('sha256')
    .update(`${signingBase(fields)}&key=${appKey}`, 'utf8')
    .digest('hex')
    .toUpperCase();

/** Whether `sign` is KBZPay's sign of `fields`, compared in constant time. */
export function kbzSignHolds(fields: Fields, sign: unknown, appKey: string): boolean {
  if (typeof sign !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(sign)) return false;
  return timingSafeEqual(
    Buffer.from(kbzSign(fields, appKey), 'hex'),
    Buffer.from(sign.toUpperCase(), 'hex'),
  );
}

/** A request's and its biz_content's fields in one object, as they are signed. */
const flatten = (request: Fields): Fields => {
  const { biz_content: biz, ...rest } = request;
  return biz && typeof biz === 'object' ? { ...rest, ...(biz as Fields) } : rest;
};

export class KbzPayProvider implements PaymentProvider {
  readonly id = 'kbzpay' as const;
  readonly currency = 'MMK' as const;
  readonly merchantId: string;
  readonly acknowledgement = { contentType: 'text/plain; charset=utf-8', body: 'success' };

  constructor(
    private readonly config: KbzPayConfig,
    private readonly fetcher: typeof fetch,
    private readonly timeoutMs: number,
    private readonly clock: { now: () => number; nonce: () => string },
    refund?: KbzPayRefundTransport,
  ) {
    this.merchantId = config.merchCode;
    if (refund) {
      this.refund = (input) => this.#refund(input, refund);
      this.refundStatus = (input) => this.#refundStatus(input);
    }
  }

  /** Set only with the client certificate (KBZPAY_CLIENT_CERT / _KEY). */
  readonly refund?: (input: RefundInput) => Promise<RefundReport>;
  readonly refundStatus?: (input: RefundInput) => Promise<RefundReport>;

  /**
   * One signed call: the envelope {Request: {…, biz_content, sign}}; answers {Response}. A
   * refusal (result not SUCCESS) throws 503, or is returned when `refusal` is 'answer' (a
   * refund's refusal is KBZPay's word, kept for staff); `signed` requires the answer's sign.
   */
  async #call(
    path: string,
    method: string,
    version: string,
    biz: Fields,
    extra: Fields = {},
    via: {
      url?: string;
      fetch?: typeof fetch;
      refusal?: 'throw' | 'answer';
      signed?: boolean;
    } = {},
  ): Promise<Fields> {
    const request: Fields = {
      timestamp: String(Math.floor(this.clock.now() / 1000)),
      method,
      nonce_str: this.clock.nonce(),
      sign_type: 'SHA256',
      version,
      ...extra,
      biz_content: biz,
    };
    request.sign = kbzSign(flatten(request), this.config.appKey);
    const answer = await postJson(
      via.fetch ?? this.fetcher,
      'KBZPay',
      `${via.url ?? this.config.baseUrl}/${path}`,
      { Request: request },
      this.timeoutMs,
    );
    const response = (answer as { Response?: unknown } | null)?.Response;
    if (!response || typeof response !== 'object') {
      throw providerUnavailable('KBZPay', 'no Response');
    }
    const fields = response as Fields;
    // An answer carrying a sign must hold it (the UAT gateway signs its answers); a refund's
    // answer must carry one.
    if (
      ('sign' in fields || via.signed) &&
      !kbzSignHolds(fields, fields.sign, this.config.appKey)
    ) {
      throw providerUnavailable('KBZPay', 'an answer not signed with our key');
    }
    if (fields.result !== 'SUCCESS' || String(fields.code) !== '0') {
      if (via.refusal === 'answer' && fields.result === 'FAIL') return fields;
      throw providerUnavailable('KBZPay', `${method} ${String(fields.code ?? '?')}`);
    }
    return fields;
  }

  /** KBZPay's refund answer (or queryorder's, naming the refund) as a refund report. */
  #refundReport(fields: Fields): RefundReport {
    const status = fieldText(fields.refund_status).toUpperCase();
    const code = fieldText(fields.code);
    const reason = fieldText(fields.msg) || fieldText(fields.refund_reason) || null;
    if (fields.result !== 'SUCCESS') {
      return { status: 'failed', providerStatus: code || 'FAIL', reason };
    }
    if (REFUNDED.has(status)) return { status: 'done', providerStatus: status, reason: null };
    if (REFUNDING.has(status)) return { status: 'pending', providerStatus: status, reason: null };
    const said = fieldText(fields.msg);
    return {
      status: 'failed',
      providerStatus: status || code,
      reason: said && said.toLowerCase() !== 'success' ? said : `KBZPay answered ${status}`,
    };
  }

  async #refund(input: RefundInput, transport: KbzPayRefundTransport): Promise<RefundReport> {
    if (input.currency !== 'MMK') {
      return { status: 'failed', providerStatus: 'currency', reason: 'KBZPay refunds MMK only.' };
    }
    const answer = await this.#call(
      'refund',
      'kbz.payment.refund',
      '1.0',
      {
        appid: this.config.appId,
        merch_code: this.config.merchCode,
        merch_order_id: input.invoiceNo,
        refund_request_no: input.requestNo,
        refund_reason: 'Refund of an eSIM order (the buyer’s request, approved)',
        refund_amount: String(input.amount),
      },
      {},
      { url: transport.url, fetch: transport.fetch, refusal: 'answer', signed: true },
    );
    return this.#refundReport(answer);
  }

  async #refundStatus(input: RefundInput): Promise<RefundReport> {
    const answer = await this.#call(
      'queryorder',
      'kbz.payment.queryorder',
      '3.0',
      {
        appid: this.config.appId,
        merch_code: this.config.merchCode,
        merch_order_id: input.invoiceNo,
        refund_request_no: input.requestNo,
      },
      {},
      { signed: true },
    );
    return this.#refundReport(answer);
  }

  async start(input: StartInput): Promise<StartedPayment> {
    const answer = await this.#call(
      'precreate',
      'kbz.payment.precreate',
      '1.0',
      {
        appid: this.config.appId,
        merch_code: this.config.merchCode,
        merch_order_id: input.invoiceNo,
        trade_type: 'PAY_BY_QRCODE',
        title: input.description.slice(0, 64),
        total_amount: String(input.amount),
        trans_currency: 'MMK',
        timeout_express: '30m',
      },
      { notify_url: input.backendReturnUrl },
    );
    const qr = answer.qrCode ?? answer.qr_code;
    if (typeof qr !== 'string' || qr.length < 20) {
      throw providerUnavailable('KBZPay', 'precreate gave no qrCode');
    }
    return { kind: 'qr', qrPayload: qr };
  }

  report(fields: Fields): ProviderReport {
    const currency = fieldText(fields.trans_currency).toUpperCase();
    const status = fieldText(fields.trade_status);
    return {
      invoiceNo: fieldText(fields.merch_order_id),
      merchantId: fieldText(fields.merch_code),
      amount: minorUnits(fields.total_amount, currency),
      currency,
      status: status === PAID ? 'paid' : PENDING.has(status) ? 'pending' : 'declined',
      providerStatus: status,
      transactionId: fieldText(fields.mm_order_id) || null,
    };
  }

  async readNotification(raw: Uint8Array): Promise<ProviderReport> {
    const request = notificationField(
      raw,
      'Request',
      'Expected KBZPay’s notification: {"Request": {…, "sign"}}.',
    );
    if (!request || typeof request !== 'object' || Array.isArray(request)) {
      throw unauthorized('Expected KBZPay’s notification: {"Request": {…, "sign"}}.');
    }
    const fields = request as Fields;
    if (fields.sign_type !== undefined && fields.sign_type !== 'SHA256') {
      throw unauthorized('KBZPay signs with SHA256 only.');
    }
    if (!kbzSignHolds(fields, fields.sign, this.config.appKey)) {
      throw unauthorized('The notification’s sign does not hold (not KBZPay, or changed).');
    }
    if (fields.appid !== undefined && fields.appid !== this.config.appId) {
      throw unauthorized('The notification names another app id.');
    }
    return this.report(fields);
  }

  async inquire(invoiceNo: string): Promise<ProviderReport> {
    const answer = await this.#call('queryorder', 'kbz.payment.queryorder', '3.0', {
      appid: this.config.appId,
      merch_code: this.config.merchCode,
      merch_order_id: invoiceNo,
    });
    return this.report(answer);
  }
}
