/**
 * The payment providers' settings (issue #40, decision 117), read from the environment with the
 * rest of the configuration and checked the way config.ts checks it: every problem is collected,
 * named by its variable.
 *
 * - `PAYMENT_METHODS`: the providers switched on, comma separated (`2c2p`, `kbzpay`). Empty: the
 *   shop's own static MMQR with a screenshot, as before.
 * - `TWOC2P_MERCHANT_ID`, `TWOC2P_SECRET_KEY`, `TWOC2P_CURRENCY` (USD or MMK: the merchant
 *   account's), `TWOC2P_BASE_URL` (2C2P's sandbox by default), `TWOC2P_PAYMENT_CHANNELS`.
 * - `KBZPAY_BASE_URL`, `KBZPAY_APP_ID`, `KBZPAY_MERCH_CODE`, `KBZPAY_APP_KEY`; for refunds
 *   (issue #41, decision 136) KBZPay's client certificate: `KBZPAY_CLIENT_CERT` and
 *   `KBZPAY_CLIENT_KEY` (PEM files), `KBZPAY_CLIENT_CA` (optional: the CA of KBZPay's server),
 *   `KBZPAY_REFUND_URL` (https; KBZPAY_BASE_URL by default).
 * - `PUBLIC_API_URL`: where the providers reach this server (their notifications).
 *
 * A provider's address must be https, except on the machine itself (the test fakes). The fakes'
 * keys begin with `fake-`: such a key is accepted only with a loopback address, and a loopback
 * address only with such a key, so a server with real keys never talks to a fake and a fake's
 * key never goes to a real provider.
 */

export type ProviderId = '2c2p' | 'kbzpay';
export const PROVIDER_IDS = ['2c2p', 'kbzpay'] as const satisfies readonly ProviderId[];

export type TwoC2PConfig = {
  merchantId: string;
  secretKey: string;
  currency: 'USD' | 'MMK';
  /** Without a trailing slash, e.g. https://sandbox-pgw.2c2p.com. */
  baseUrl: string;
  /** 2C2P's channel codes for the hosted page (CC = Visa/Mastercard/JCB/UnionPay, MPU…). */
  channels: string[];
  /** Payment Maintenance (refunds, issue #41): the exchanged keys; absent: refunds are manual. */
  maintenance?: TwoC2PMaintenanceConfig;
};

/**
 * 2C2P's Payment Maintenance API (refund `R`, refund status `RS`): its XML request is encrypted
 * to 2C2P's public key (JWE RSA-OAEP + A256GCM) and signed with the merchant's private key (JWS
 * PS256); the answer the other way round. `TWOC2P_MERCHANT_PRIVATE_KEY` (PKCS#8 PEM),
 * `TWOC2P_PUBLIC_KEY` (2C2P's, SPKI PEM), `TWOC2P_KEY_ID` (optional `kid`),
 * `TWOC2P_MAINTENANCE_URL` (2C2P's sandbox by default).
 */
export type TwoC2PMaintenanceConfig = {
  url: string;
  merchantPrivateKey: string;
  providerPublicKey: string;
  keyId: string | undefined;
};

export const TWOC2P_MAINTENANCE_SANDBOX_URL =
  'https://demo2.2c2p.com/2C2PFrontend/PaymentAction/2.0/action';

/** A PEM from the environment, where a line break may be written `\n`. */
const pem = (value: string | undefined) => value?.replace(/\\n/g, '\n');

export type KbzPayConfig = {
  /** Without a trailing slash, e.g. https://api.kbzpay.com/payment/gateway/uat. */
  baseUrl: string;
  appId: string;
  merchCode: string;
  appKey: string;
  /** The refund API over mutual TLS; absent: KBZPay refunds are not set up (503). */
  refund?: KbzPayRefundConfig;
};

/** KBZPay's refund API: https with the merchant's client certificate (files read at start). */
export type KbzPayRefundConfig = {
  /** Without a trailing slash; `/refund` is appended. */
  url: string;
  certFile: string;
  keyFile: string;
  caFile: string | undefined;
};

export type PaymentsConfig = {
  /** The providers switched on, in the order PAYMENT_METHODS names them. */
  methods: ProviderId[];
  twoC2P: TwoC2PConfig | undefined;
  kbzPay: KbzPayConfig | undefined;
  /** This server's public origin (no trailing slash): the providers' notification URLs. */
  publicApiUrl: string;
  /** One call to a provider's time limit. */
  timeoutMs: number;
};

export const FAKE_KEY_PREFIX = 'fake-';
export const TWOC2P_SANDBOX_URL = 'https://sandbox-pgw.2c2p.com';
export const KBZPAY_UAT_URL = 'https://api.kbzpay.com/payment/gateway/uat';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const text = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

/** Whether `url` is on this machine (where only the fakes live). */
export const isLoopback = (url: string) => {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** Checks a provider's address and key together (see the module's comment). */
function checkEndpoint(
  name: string,
  url: string,
  keyName: string,
  key: string,
  problems: string[],
): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    problems.push(`${name}: not a URL`);
    return url;
  }
  const loopback = LOOPBACK.test(parsed.hostname);
  if (!loopback && parsed.protocol !== 'https:') {
    problems.push(`${name}: must be https:// (plain http only on this machine, for the fakes)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    problems.push(`${name}: must be an http(s) URL`);
  }
  const fakeKey = key.startsWith(FAKE_KEY_PREFIX);
  if (loopback && !fakeKey) {
    problems.push(
      `${name}: a local address is a test fake; ${keyName} is a real key and never goes to a fake`,
    );
  }
  if (!loopback && fakeKey) {
    problems.push(`${keyName}: a fake's key (${FAKE_KEY_PREFIX}…) works only with a local fake`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * Whether a provider that is switched on is one of the test fakes (its address on this machine,
 * which readPayments allows only with a fake's key): `scripts/start.sh` without provider keys.
 * Its payments move no money: on a demo server they get demo profiles only (decision 130), and
 * the shop says so (`testPayments` on /api/availability, `test` on each payment method).
 */
export function isTestProvider(
  payments: Pick<PaymentsConfig, 'twoC2P' | 'kbzPay'>,
  id: ProviderId,
) {
  const provider = id === '2c2p' ? payments.twoC2P : payments.kbzPay;
  return provider !== undefined && isLoopback(provider.baseUrl);
}

/** Whether any provider switched on is a test fake (see {@link isTestProvider}). */
export const runsTestProviders = (
  payments: Pick<PaymentsConfig, 'methods' | 'twoC2P' | 'kbzPay'>,
) => payments.methods.some((id) => isTestProvider(payments, id));

export function readPayments(
  env: Record<string, string | undefined>,
  problems: string[],
  defaults: { publicApiUrl: string },
): PaymentsConfig {
  const methods: ProviderId[] = [];
  for (const item of (env.PAYMENT_METHODS ?? '').split(',')) {
    const method = item.trim().toLowerCase();
    if (!method) continue;
    if (!(PROVIDER_IDS as readonly string[]).includes(method)) {
      problems.push(
        `PAYMENT_METHODS: unknown method ${method} (known: ${PROVIDER_IDS.join(', ')})`,
      );
    } else if (!methods.includes(method as ProviderId)) {
      methods.push(method as ProviderId);
    }
  }
  const required = (name: string) => {
    const value = text(env[name]);
    if (!value) problems.push(`${name}: required when PAYMENT_METHODS includes its provider`);
    return value ?? '';
  };

  let twoC2P: TwoC2PConfig | undefined;
  if (methods.includes('2c2p')) {
    const merchantId = required('TWOC2P_MERCHANT_ID');
    const secretKey = required('TWOC2P_SECRET_KEY');
    const currency = (text(env.TWOC2P_CURRENCY) ?? 'USD').toUpperCase();
    if (currency !== 'USD' && currency !== 'MMK') {
      problems.push('TWOC2P_CURRENCY: USD or MMK (the merchant account’s currency)');
    }
    const channels = (text(env.TWOC2P_PAYMENT_CHANNELS) ?? 'CC,MPU')
      .split(',')
      .map((channel) => channel.trim().toUpperCase())
      .filter(Boolean);
    if (channels.some((channel) => !/^[A-Z0-9_]{2,20}$/.test(channel))) {
      problems.push('TWOC2P_PAYMENT_CHANNELS: 2C2P channel codes, comma separated (e.g. CC,MPU)');
    }
    twoC2P = {
      merchantId,
      secretKey,
      currency: currency === 'MMK' ? 'MMK' : 'USD',
      baseUrl: checkEndpoint(
        'TWOC2P_BASE_URL',
        text(env.TWOC2P_BASE_URL) ?? TWOC2P_SANDBOX_URL,
        'TWOC2P_SECRET_KEY',
        secretKey,
        problems,
      ),
      channels,
    };
    const merchantPrivateKey = pem(text(env.TWOC2P_MERCHANT_PRIVATE_KEY));
    const providerPublicKey = pem(text(env.TWOC2P_PUBLIC_KEY));
    if (merchantPrivateKey || providerPublicKey) {
      if (
        !merchantPrivateKey?.includes('PRIVATE KEY') ||
        !providerPublicKey?.includes('PUBLIC KEY')
      ) {
        problems.push(
          'TWOC2P_MERCHANT_PRIVATE_KEY and TWOC2P_PUBLIC_KEY: both PEM keys (PKCS#8 and SPKI), or neither',
        );
      } else {
        twoC2P.maintenance = {
          url: checkEndpoint(
            'TWOC2P_MAINTENANCE_URL',
            text(env.TWOC2P_MAINTENANCE_URL) ?? TWOC2P_MAINTENANCE_SANDBOX_URL,
            'TWOC2P_SECRET_KEY',
            secretKey,
            problems,
          ),
          merchantPrivateKey,
          providerPublicKey,
          keyId: text(env.TWOC2P_KEY_ID),
        };
      }
    }
  }

  let kbzPay: KbzPayConfig | undefined;
  if (methods.includes('kbzpay')) {
    const appKey = required('KBZPAY_APP_KEY');
    kbzPay = {
      appId: required('KBZPAY_APP_ID'),
      merchCode: required('KBZPAY_MERCH_CODE'),
      appKey,
      baseUrl: checkEndpoint(
        'KBZPAY_BASE_URL',
        text(env.KBZPAY_BASE_URL) ?? KBZPAY_UAT_URL,
        'KBZPAY_APP_KEY',
        appKey,
        problems,
      ),
    };
    const certFile = text(env.KBZPAY_CLIENT_CERT);
    const keyFile = text(env.KBZPAY_CLIENT_KEY);
    if (certFile || keyFile) {
      if (!certFile || !keyFile) {
        problems.push(
          'KBZPAY_CLIENT_CERT and KBZPAY_CLIENT_KEY: both files (KBZPay’s client certificate and its key), or neither',
        );
      } else {
        const url = checkEndpoint(
          'KBZPAY_REFUND_URL',
          text(env.KBZPAY_REFUND_URL) ?? kbzPay.baseUrl,
          'KBZPAY_APP_KEY',
          appKey,
          problems,
        );
        if (!url.startsWith('https://')) {
          problems.push('KBZPAY_REFUND_URL: must be https:// (the client certificate needs TLS)');
        }
        kbzPay.refund = { url, certFile, keyFile, caFile: text(env.KBZPAY_CLIENT_CA) };
      }
    }
  }

  const publicApiUrl = (text(env.PUBLIC_API_URL) ?? defaults.publicApiUrl).replace(/\/+$/, '');
  try {
    const parsed = new URL(publicApiUrl);
    if (methods.length > 0 && !LOOPBACK.test(parsed.hostname) && parsed.protocol !== 'https:') {
      problems.push('PUBLIC_API_URL: must be https:// (the providers post payments to it)');
    }
  } catch {
    problems.push('PUBLIC_API_URL: not a URL');
  }
  const timeoutRaw = text(env.PAYMENT_PROVIDER_TIMEOUT_MS);
  const timeoutMs = timeoutRaw === undefined ? 10_000 : Number(timeoutRaw);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) {
    problems.push('PAYMENT_PROVIDER_TIMEOUT_MS: a whole number of at least 100');
  }
  return { methods, twoC2P, kbzPay, publicApiUrl, timeoutMs };
}
