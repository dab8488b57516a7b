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
 */

const PAID = 'PAY_SUCCESS';
const PENDING = new Set(['WAIT_PAY', 'PAYING', 'NOTPAY']);

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
  ) {
    this.merchantId = config.merchCode;
  }

  /** One signed call: the envelope {Request: {…, biz_content, sign}}; answers {Response}. */
  async #call(
    path: string,
    method: string,
    version: string,
    biz: Fields,
    extra: Fields = {},
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
      this.fetcher,
      'KBZPay',
      `${this.config.baseUrl}/${path}`,
      { Request: request },
      this.timeoutMs,
    );
    const response = (answer as { Response?: unknown } | null)?.Response;
    if (!response || typeof response !== 'object') {
      throw providerUnavailable('KBZPay', 'no Response');
    }
    const fields = response as Fields;
    if (fields.result !== 'SUCCESS' || String(fields.code) !== '0') {
      throw providerUnavailable('KBZPay', `${method} ${String(fields.code ?? '?')}`);
    }
    // An answer carrying a sign must hold it (the UAT gateway signs its answers).
    if ('sign' in fields && !kbzSignHolds(fields, fields.sign, this.config.appKey)) {
      throw providerUnavailable('KBZPay', 'an answer not signed with our key');
    }
    return fields;
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
