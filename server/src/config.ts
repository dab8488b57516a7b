import * as z from 'zod';
import { VERIFICATION_TIMEOUT_MS } from '#domain/payment-window';
import { payeeNames } from '#domain/payee';
import { parseAiBudgets, type AiBudgets } from './ai/ai-budgets';
import { readProvisioning, type ProvisioningConfig } from './provisioning/provisioning-config';
import { readPayments, type PaymentsConfig } from './payments/providers/provider-config';

/**
 * The server's configuration, read once from the environment and validated (STYLE: env read
 * once). Merchant settings use the same names as the shop's build (`VITE_MMQR_*`), so one
 * `.env.local` configures both wings. Nothing here reaches a browser.
 */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  );

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
    HOST: z.string().default('127.0.0.1'),
    /** The embedded database's folder (PGlite), used when DATABASE_URL is not set. */
    DATA_DIR: z.string().default('.data'),
    /** A PostgreSQL server (postgres://…); replaces the embedded database. */
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    GEMINI_API_KEY: optionalText,
    /**
     * The key of the receipt checks, ideally of another Google Cloud project: Gemini's quotas
     * are per project and model, so the public AI features cannot use up the receipts' (review
     * N1). Empty: GEMINI_API_KEY.
     */
    GEMINI_RECEIPT_API_KEY: optionalText,
    /** Where Gemini's REST API is (tests point it at a local fake). */
    GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
    /** demo: scripted answers, no key needed; auto: demo unless a key is set. */
    AI_MODE: z.enum(['auto', 'gemini', 'demo']).default('auto'),
    MODEL_TEXT: z.string().default('gemini-2.5-flash'),
    MODEL_RECEIPT: optionalText,
    MODEL_IMAGE: z.string().default('gemini-2.5-flash-image'),
    MODEL_VIDEO: z.string().default('veo-3.0-fast-generate-001'),
    /** The shop's own AI tasks, when they use another model than MODEL_TEXT (as VITE_MODEL_*). */
    MODEL_CHAT: optionalText,
    MODEL_COMPATIBILITY: optionalText,
    MODEL_SUPPORT: optionalText,
    /** /ai/* per client: calls per window, the window, and the largest request body. */
    AI_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    AI_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    AI_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(4 * 1024 * 1024),
    /** /ai/*: the most input tokens (estimated from the body) one call may carry (review N1). */
    AI_MAX_INPUT_TOKENS: z.coerce.number().int().min(100).default(16_000),
    /**
     * /ai/* daily budgets per feature (decision 121):
     * `task:clientRequests/clientTokens/shopRequests/shopTokens`, comma separated.
     */
    AI_BUDGETS: optionalText,
    /** The proof of work an image or a video asks first: PBKDF2 iterations per try (ALTCHA). */
    AI_PROOF_COST: z.coerce.number().int().min(1).default(1_000),
    /** The key that signs those challenges; empty: one kept in the database (every copy shares it). */
    AI_CHALLENGE_SECRET: optionalText,
    /** Behind one reverse proxy: the client is the last X-Forwarded-For entry, not the socket. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    /**
     * Per-client limits key an IPv6 client by its network of this many bits (review N2): one
     * line or server gets a /64, so its 2^64 addresses count as one client.
     */
    IPV6_LIMIT_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
    /** Origins of the shop allowed by CORS, comma separated (e.g. https://shop.example). */
    SHOP_ORIGINS: list,
    VITE_MMQR_MERCHANT_ID: z.string().default('0000000000000000'),
    VITE_MMQR_TERMINAL_ID: z.string().default('00000001'),
    VITE_MMQR_MERCHANT_NAME: z.string().default('ESIM MYANMAR'),
    VITE_MMQR_MERCHANT_NAME_MY: optionalText,
    VITE_MMQR_MERCHANT_CITY_MY: optionalText,
    /**
     * The payee names the banks print for the shop's merchant account, comma separated (English
     * and Burmese); compared without case, spaces or punctuation. Empty: the MMQR merchant names.
     */
    MERCHANT_PAYEE_NAMES: optionalText,
    /** Receipt checks per order and per client address, and orders per client address (429). */
    RECEIPT_LIMIT_PER_ORDER: z.coerce.number().int().min(1).default(5),
    RECEIPT_LIMIT_PER_ORDER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    // Per address: high enough for a carrier's NAT (many buyers behind one IPv4, review N2); the
    // per-order limit is the one that binds a thief.
    RECEIPT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
    RECEIPT_LIMIT_PER_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    ORDER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
    ORDER_LIMIT_PER_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    /**
     * SIGTERM: the most ms the server takes to finish what it has (requests, the workers' round)
     * before it exits anyway (code 1). Empty: RECEIPT_TIMEOUT_MS + 10 s, so a receipt check ends.
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
    /** GET /metrics without a key on this port of METRICS_HOST (empty: only behind a staff key). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    /**
     * GET /status runs its checks at most once in this many ms; requests in between share the
     * last result (decision 084). 0: every request that finds no check running starts one.
     */
    STATUS_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** How long a receipt check may take (the AI call's limit); tests shorten it. */
    RECEIPT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(VERIFICATION_TIMEOUT_MS)
      .default(VERIFICATION_TIMEOUT_MS),
    /** smtp(s)://user:password@host:port — the eSIM emails and staff alerts. Empty: no email. */
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    /** The sender of those emails. */
    MAIL_FROM: z.string().default('eSIM Myanmar <no-reply@esim-myanmar.example>'),
    /** The shop's public origin: the order link in the eSIM email. */
    SHOP_URL: z.url().default('http://127.0.0.1:5173'),
    /** How long a Find my eSIMs email's links open their orders (the order's own link: always). */
    LOOKUP_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Staff alerts (an order paid while its plan is out of stock): an email and/or a webhook. */
    STAFF_EMAIL: optionalText.pipe(z.email().optional()),
    STAFF_WEBHOOK_URL: optionalText.pipe(z.url().optional()),
    /** How long after payment staff promise to send an eSIM that was out of stock. */
    STOCK_PROMISE_MINUTES: z.coerce.number().int().min(1).default(120),
    /**
     * The key of the email hash orders keep for Find my eSIMs (decision 073). Empty: the server
     * makes one and keeps it in its database. Changing it makes older orders unfindable.
     */
    CONTACT_HASH_SECRET: optionalText,
    /** How often the outbox worker looks for due emails and alerts (ms). */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    /**
     * When an eSIM leaves (issue #23, decision 070): instant (on the screenshot), confirmed (only
     * on a bank confirmation), limit (a screenshot showing the payee, within limits: the default
     * since issue #43 point 3, decision 123).
     */
    DELIVERY_POLICY: z.enum(['instant', 'confirmed', 'limit']).default('limit'),
    /** limit: the most MMK delivered on screenshots alone (unconfirmed) in 24 hours. */
    UNCONFIRMED_LIMIT_MMK: z.coerce.number().int().min(0).default(300_000),
    /** limit: the most unconfirmed deliveries to one contact in 24 hours. */
    UNCONFIRMED_PER_CONTACT: z.coerce.number().int().min(0).default(2),
    /** How often staff import the statement: a held order's buyer is told "by about" this. */
    BANK_CONFIRMATION_MINUTES: z.coerce.number().int().min(1).default(120),
    /** The shared secret of POST /api/payments/notifications (HMAC-SHA256); empty: 404. */
    PAYMENT_NOTIFY_SECRET: optionalText.pipe(z.string().min(16).optional()),
  })
  .refine((value) => typeof parseAiBudgets(value.AI_BUDGETS) !== 'string', {
    message:
      'AI_BUDGETS: task:clientRequests/clientTokens/shopRequests/shopTokens, comma separated',
    path: ['AI_BUDGETS'],
  })
  .refine((value) => value.AI_MODE !== 'gemini' || !!value.GEMINI_API_KEY, {
    message: 'AI_MODE=gemini needs GEMINI_API_KEY',
    path: ['AI_MODE'],
  });

export type RawConfig = z.output<typeof configSchema>;

/** At most `limit` calls in each window of `windowMs`. */
export type Limit = { limit: number; windowMs: number };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  ai: {
    mode: 'gemini' | 'demo';
    /** AI_MODE=demo written out: a demo on purpose (auto without a key is demo by default). */
    demoChosen: boolean;
    apiKey: string | undefined;
    /** The receipt checks' own key (GEMINI_RECEIPT_API_KEY), else undefined: apiKey. */
    receiptApiKey: string | undefined;
    baseUrl: string;
    models: {
      text: string;
      receipt: string;
      chat: string;
      compatibility: string;
      support: string;
      image: string;
      video: string;
    };
    proxy: {
      rateLimit: number;
      rateWindowMs: number;
      maxBodyBytes: number;
      /** The most estimated input tokens of one call. */
      maxInputTokens: number;
    };
    /** The public features' daily budgets (decision 121). */
    budgets: AiBudgets;
    /** Image and video: the proof of work's cost, and its signing key when configured. */
    proof: { cost: number; secret: string | undefined };
  };
  trustProxy: boolean;
  /** IPV6_LIMIT_PREFIX: IPv6 clients are keyed by their network of this many bits. */
  ipv6Prefix: number;
  shopOrigins: string[];
  merchant: {
    merchantId: string;
    terminalId: string;
    merchantName: string;
    merchantNameMy: string | undefined;
    merchantCityMy: string | undefined;
    /** The names a receipt may show as payee (decision 068). */
    payeeNames: string[];
  };
  /** Abuse limits (decision 069): calls per window, counted in the database. */
  limits: {
    receiptsPerOrder: Limit;
    receiptsPerAddress: Limit;
    ordersPerAddress: Limit;
  };
  logLevel: RawConfig['LOG_LEVEL'];
  /** SIGTERM's drain may take this long (ms) before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** GET /metrics without a key on its own port (decision 119); undefined: behind a staff key only. */
  metrics: { port: number | undefined; host: string };
  /** CONTACT_HASH_SECRET, or undefined: the server keeps its own (orders/contact-hash.ts). */
  contactHashSecret: string | undefined;
  /** The receipt check's time limit (ms); a check older than this is stale (server stopped). */
  receiptTimeoutMs: number;
  /** GET /status's checks run at most once in this many ms (decision 084). */
  statusMaxAgeMs: number;
  delivery: {
    smtpUrl: string | undefined;
    mailFrom: string;
    /** Without a trailing slash. */
    shopUrl: string;
    staffEmail: string | undefined;
    staffWebhookUrl: string | undefined;
    stockPromiseMs: number;
    outboxIntervalMs: number;
    /** A Find my eSIMs link expires this long after its email was made (review N4). */
    lookupLinkMs: number;
  };
  /** Payment trust (issue #23 items 2, 3, 5; decisions 070–071). */
  bank: {
    policy: 'instant' | 'confirmed' | 'limit';
    unconfirmedLimitMmk: number;
    unconfirmedPerContact: number;
    /** A held order's buyer is told the eSIM follows by about paid + this. */
    confirmationMs: number;
    notifySecret: string | undefined;
  };

  /** Where each operator's profiles come from: stock or its SM-DP+ (ES2+, issue #27). */
  provisioning: ProvisioningConfig;
  /** Payment providers: 2C2P's card page, KBZPay's QR (issue #40; PAYMENT_METHODS, …). */
  payments: PaymentsConfig;
};

/** Parses the environment; throws one Error listing every problem. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const provisioning = readProvisioning(source, problems);
  const payments = readPayments(source, problems, {
    publicApiUrl: `http://${source.HOST?.trim() || '127.0.0.1'}:${source.PORT?.trim() || '8787'}`,
  });
  if (!result.success || problems.length > 0) {
    throw new Error(`Invalid server configuration (see .env.example):\n- ${problems.join('\n- ')}`);
  }
  const raw = result.data;
  const mode = raw.AI_MODE === 'auto' ? (raw.GEMINI_API_KEY ? 'gemini' : 'demo') : raw.AI_MODE;
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    ai: {
      mode,
      demoChosen: raw.AI_MODE === 'demo',
      apiKey: raw.GEMINI_API_KEY,
      receiptApiKey: raw.GEMINI_RECEIPT_API_KEY,
      baseUrl: raw.GEMINI_BASE_URL.replace(/\/+$/, ''),
      models: {
        text: raw.MODEL_TEXT,
        receipt: raw.MODEL_RECEIPT ?? raw.MODEL_TEXT,
        chat: raw.MODEL_CHAT ?? raw.MODEL_TEXT,
        compatibility: raw.MODEL_COMPATIBILITY ?? raw.MODEL_TEXT,
        support: raw.MODEL_SUPPORT ?? raw.MODEL_TEXT,
        image: raw.MODEL_IMAGE,
        video: raw.MODEL_VIDEO,
      },
      proxy: {
        rateLimit: raw.AI_RATE_LIMIT,
        rateWindowMs: raw.AI_RATE_WINDOW_SECONDS * 1000,
        maxBodyBytes: raw.AI_MAX_BODY_BYTES,
        maxInputTokens: raw.AI_MAX_INPUT_TOKENS,
      },
      budgets: parseAiBudgets(raw.AI_BUDGETS) as AiBudgets,
      proof: { cost: raw.AI_PROOF_COST, secret: raw.AI_CHALLENGE_SECRET },
    },
    trustProxy: raw.TRUST_PROXY,
    ipv6Prefix: raw.IPV6_LIMIT_PREFIX,
    shopOrigins: raw.SHOP_ORIGINS,
    merchant: {
      merchantId: raw.VITE_MMQR_MERCHANT_ID,
      terminalId: raw.VITE_MMQR_TERMINAL_ID,
      merchantName: raw.VITE_MMQR_MERCHANT_NAME,
      merchantNameMy: raw.VITE_MMQR_MERCHANT_NAME_MY,
      merchantCityMy: raw.VITE_MMQR_MERCHANT_CITY_MY,
      payeeNames: payeeNames(raw.MERCHANT_PAYEE_NAMES, [
        raw.VITE_MMQR_MERCHANT_NAME,
        raw.VITE_MMQR_MERCHANT_NAME_MY,
      ]),
    },
    limits: {
      receiptsPerOrder: {
        limit: raw.RECEIPT_LIMIT_PER_ORDER,
        windowMs: raw.RECEIPT_LIMIT_PER_ORDER_WINDOW_SECONDS * 1000,
      },
      receiptsPerAddress: {
        limit: raw.RECEIPT_LIMIT_PER_ADDRESS,
        windowMs: raw.RECEIPT_LIMIT_PER_ADDRESS_WINDOW_SECONDS * 1000,
      },
      ordersPerAddress: {
        limit: raw.ORDER_LIMIT_PER_ADDRESS,
        windowMs: raw.ORDER_LIMIT_PER_ADDRESS_WINDOW_SECONDS * 1000,
      },
    },
    logLevel: raw.LOG_LEVEL,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS ?? raw.RECEIPT_TIMEOUT_MS + 10_000,
    metrics: { port: raw.METRICS_PORT, host: raw.METRICS_HOST },
    contactHashSecret: raw.CONTACT_HASH_SECRET,
    receiptTimeoutMs: raw.RECEIPT_TIMEOUT_MS,
    statusMaxAgeMs: raw.STATUS_MAX_AGE_MS,
    delivery: {
      smtpUrl: raw.SMTP_URL,
      mailFrom: raw.MAIL_FROM,
      shopUrl: raw.SHOP_URL.replace(/\/+$/, ''),
      staffEmail: raw.STAFF_EMAIL,
      staffWebhookUrl: raw.STAFF_WEBHOOK_URL,
      stockPromiseMs: raw.STOCK_PROMISE_MINUTES * 60_000,
      outboxIntervalMs: raw.OUTBOX_INTERVAL_MS,
      lookupLinkMs: raw.LOOKUP_LINK_DAYS * 24 * 60 * 60_000,
    },
    bank: {
      policy: raw.DELIVERY_POLICY,
      unconfirmedLimitMmk: raw.UNCONFIRMED_LIMIT_MMK,
      unconfirmedPerContact: raw.UNCONFIRMED_PER_CONTACT,
      confirmationMs: raw.BANK_CONFIRMATION_MINUTES * 60_000,
      notifySecret: raw.PAYMENT_NOTIFY_SECRET,
    },
    provisioning,
    payments,
  };
}
