import {
  CompactEncrypt,
  CompactSign,
  compactDecrypt,
  compactVerify,
  importPKCS8,
  importSPKI,
  type CryptoKey,
} from 'jose';
import type { TwoC2PMaintenanceConfig } from './provider-config';
import { majorUnits, providerUnavailable, type RefundInput, type RefundReport } from './provider';

/**
 * 2C2P's Payment Maintenance API (issue #41, decision 125; developer.2c2p.com:
 * payment-maintenance-refund-guide, payment-maintenance-refund-status-guide, the result codes and
 * the status codes). One endpoint takes a `<PaymentProcessRequest>` XML document whose
 * `processType` says what to do: `R` refunds a settled transaction, `RS` asks a refund's
 * status. The document travels encrypted to 2C2P's public key (JWE, RSA-OAEP + A256GCM) inside
 * a JWS signed PS256 with the merchant's private key, as text/plain; 2C2P answers a
 * `<PaymentProcessResponse>` the other way round (signed with its key, encrypted to ours).
 *
 * `respCode` 00 is success; a refund's `status` is RP (pending), RF (confirmed), RFF (failed),
 * RR/RR1-3 (rejected). Any other code (41 refund not allowed, 12 not settled yet, 30/40 amount…)
 * is the provider's refusal, kept with its description for staff.
 */

const VERSION = '4.3';
const DONE = new Set(['RF']);
const PENDING = new Set(['RP']);

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<PaymentProcessRequest>` of the fields, in their order. */
export function processRequestXml(fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<PaymentProcessRequest>${body}</PaymentProcessRequest>`;
}

/** The child elements of a `<PaymentProcessResponse>` as text (no attributes, no nesting). */
export function readProcessResponse(xml: string): Record<string, string> | null {
  const root = /<PaymentProcessResponse>([\s\S]*)<\/PaymentProcessResponse>/.exec(xml);
  if (!root) return null;
  const fields: Record<string, string> = {};
  for (const match of root[1]!.matchAll(/<([A-Za-z0-9]+)>([^<]*)<\/\1>/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

/** 2C2P's time stamp: yyMMddHHmmss (UTC). */
const timeStamp = (now: Date) => now.toISOString().replace(/\D/g, '').slice(2, 14);

export class TwoC2PMaintenance {
  #keys?: Promise<{ encrypt: CryptoKey; sign: CryptoKey; verify: CryptoKey; decrypt: CryptoKey }>;

  constructor(
    private readonly config: TwoC2PMaintenanceConfig,
    private readonly merchantId: string,
    private readonly fetcher: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

  #loadKeys() {
    this.#keys ??= (async () => ({
      encrypt: await importSPKI(this.config.providerPublicKey, 'RSA-OAEP'),
      verify: await importSPKI(this.config.providerPublicKey, 'PS256'),
      sign: await importPKCS8(this.config.merchantPrivateKey, 'PS256'),
      decrypt: await importPKCS8(this.config.merchantPrivateKey, 'RSA-OAEP'),
    }))();
    return this.#keys;
  }

  /** The request's body: the XML encrypted to 2C2P, then signed by the merchant. */
  async seal(xml: string): Promise<string> {
    const keys = await this.#loadKeys();
    const jwe = await new CompactEncrypt(new TextEncoder().encode(xml))
      .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A256GCM' })
      .encrypt(keys.encrypt);
    return new CompactSign(new TextEncoder().encode(jwe))
      .setProtectedHeader({
        alg: 'PS256',
        typ: 'JWT',
        ...(this.config.keyId ? { kid: this.config.keyId } : {}),
      })
      .sign(keys.sign);
  }

  /** An answer's XML: its PS256 signature checked with 2C2P's key, then decrypted with ours. */
  async open(token: string): Promise<string> {
    const keys = await this.#loadKeys();
    const { payload } = await compactVerify(token, keys.verify, { algorithms: ['PS256'] });
    const { plaintext } = await compactDecrypt(new TextDecoder().decode(payload), keys.decrypt, {
      keyManagementAlgorithms: ['RSA-OAEP'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return new TextDecoder().decode(plaintext);
  }

  async #call(fields: Record<string, string>): Promise<Record<string, string>> {
    const body = await this.seal(processRequestXml(fields));
    let response: Response;
    try {
      response = await this.fetcher(this.config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Accept: 'text/plain' },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      throw providerUnavailable('2C2P', name === 'TimeoutError' ? 'timed out' : 'unreachable');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw providerUnavailable('2C2P', `HTTP ${response.status}`);
    }
    let xml: string;
    try {
      xml = await this.open((await response.text()).trim());
    } catch {
      throw providerUnavailable('2C2P', 'an answer not signed by 2C2P or not for our key');
    }
    const fields2 = readProcessResponse(xml);
    if (!fields2) throw providerUnavailable('2C2P', 'not a PaymentProcessResponse');
    return fields2;
  }

  #fields(input: RefundInput, processType: 'R' | 'RS'): Record<string, string> {
    return {
      version: VERSION,
      timeStamp: timeStamp(new Date()),
      merchantID: this.merchantId,
      processType,
      invoiceNo: input.invoiceNo,
      actionAmount: majorUnits(input.amount, input.currency).toFixed(
        input.currency === 'MMK' ? 0 : 2,
      ),
      ...(processType === 'R' ? { idempotencyID: input.requestNo } : {}),
    };
  }

  /** processType R: the whole amount of a settled invoice back to its card. */
  async refund(input: RefundInput): Promise<RefundReport> {
    return report(await this.#call(this.#fields(input, 'R')));
  }

  /** processType RS: where the refund stands. */
  async refundStatus(input: RefundInput): Promise<RefundReport> {
    return report(await this.#call(this.#fields(input, 'RS')));
  }
}

/** What a `<PaymentProcessResponse>` says of a refund. */
export function report(fields: Record<string, string>): RefundReport {
  const code = fields.respCode ?? '';
  const status = fields.status ?? '';
  const description = fields.respDesc || null;
  if (code === '42') return { status: 'pending', providerStatus: `${code} RP`, reason: null };
  if (code !== '00') return { status: 'failed', providerStatus: code || '?', reason: description };
  if (DONE.has(status)) return { status: 'done', providerStatus: status, reason: null };
  if (PENDING.has(status) || status === '') {
    return { status: 'pending', providerStatus: status || code, reason: null };
  }
  return { status: 'failed', providerStatus: status, reason: description ?? `status ${status}` };
}
