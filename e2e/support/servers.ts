import geminiBuildEnv from './gemini-build-env.json' with { type: 'json' };

/** Where the e2e builds are served. E2E_PORT_BASE lets parallel runs use other ports. */
const base = Number(process.env.E2E_PORT_BASE ?? 4173);

export const e2eServers = {
  gemini: { port: base, dist: `dist-e2e-${base}`, url: `http://127.0.0.1:${base}/` },
  demo: { port: base + 1, dist: `dist-demo-${base}`, url: `http://127.0.0.1:${base + 1}/` },
  /** Server mode: built with VITE_API_URL = e2eApi.url (scripts/build-e2e.mjs). */
  server: { port: base + 2, dist: `dist-server-${base}`, url: `http://127.0.0.1:${base + 2}/` },
  /** Server mode against the second API, which holds eSIMs for the bank (e2eBankApi). */
  confirmed: {
    port: base + 3,
    dist: `dist-confirmed-${base}`,
    url: `http://127.0.0.1:${base + 3}/`,
  },
  /** Server mode against the third API, which takes cards and KBZPay (e2eProviderApi). */
  providers: {
    port: base + 5,
    dist: `dist-providers-${base}`,
    url: `http://127.0.0.1:${base + 5}/`,
  },
} as const;

/**
 * A proxy to the `server` build that a journey starts itself (e2e/offline-order.spec.ts, issue
 * #42) to serve the shop's next release (another service worker and index.html) on one origin;
 * the first API lets it in (SHOP_ORIGINS in playwright.config.ts).
 */
export const e2eReleaseProxy = { port: base + 6, url: `http://127.0.0.1:${base + 6}/` } as const;

/**
 * The real API (server/) for the server-mode journey, and the fake Gemini behind it
 * (e2e/support/fake-gemini.mjs). E2E_API_PORT moves both (default: base + 4100).
 */
const apiPort = Number(process.env.E2E_API_PORT ?? base + 4100);
export const e2eApi = {
  port: apiPort,
  url: `http://127.0.0.1:${apiPort}`,
  dataDir: `.e2e-data-${base}`,
  /** A key only the server holds: the build must never contain it. */
  serverKey: 'e2e-server-only-key-7f3a9c',
  gemini: { port: apiPort + 1, url: `http://127.0.0.1:${apiPort + 1}` },
  /** The SMTP catcher the API mails to (e2e/support/smtp-catcher.mjs), and its HTTP reader. */
  smtp: { port: apiPort + 2, url: `smtp://127.0.0.1:${apiPort + 2}` },
  mailbox: { port: apiPort + 3, url: `http://127.0.0.1:${apiPort + 3}` },
  /**
   * The fake SM-DP+ (e2e/support/fake-smdp.mjs) that ATOM's profiles are ordered from over ES2+
   * (issue #27); the other operators stay on stock. It reports installs to the API's callback.
   */
  smdp: {
    port: apiPort + 4,
    url: `http://127.0.0.1:${apiPort + 4}`,
    address: 'smdp.atom.e2e.example',
    profileType: 'E2E-ATOM-POWER-30',
    requesterId: 'esim-myanmar-e2e',
    callbackToken: 'e2e-atom-callback-token',
  },
  /** The eSIM profiles the API starts with (imported before it starts). */
  stockCsv: 'e2e/support/stock.csv',
  /** A staff key made before the API starts (the staff page's journey reads it from here). */
  staffKeyFile: `.e2e-data-${base}-staff-key`,
} as const;

/**
 * A second API with DELIVERY_POLICY=confirmed (issue #23, decision 071): its own port, data dir
 * and stock, and the shop build `confirmed` pointed at it. The first API keeps instant delivery
 * for every other journey; a policy is a deployment's setting, never switched at run time.
 */
export const e2eBankApi = {
  port: apiPort + 5,
  url: `http://127.0.0.1:${apiPort + 5}`,
  dataDir: `.e2e-data-${base}-confirmed`,
  staffKeyFile: `.e2e-data-${base}-confirmed-staff-key`,
  /** The acquirer's shared secret: the journey signs its notifications with it. */
  notifySecret: 'e2e-notify-secret-5c1d8e2f',
} as const;

/** Configuration of the `gemini` build: a fake key (all AI calls are intercepted) and every optional URL. */
export const e2eGeminiEnv: Record<string, string> = geminiBuildEnv;

/**
 * A third API that takes cards on 2C2P's hosted page and KBZPay's QR (issue #40), against the
 * fakes of both (e2e/support/fake-2c2p.mjs, fake-kbzpay.mjs); the `providers` shop build uses
 * it. Its own port, data dir and stock.
 */
export const e2eProviderApi = {
  port: apiPort + 6,
  url: `http://127.0.0.1:${apiPort + 6}`,
  dataDir: `.e2e-data-${base}-providers`,
  twoC2P: { port: apiPort + 7, url: `http://127.0.0.1:${apiPort + 7}` },
  kbzPay: { port: apiPort + 8, url: `http://127.0.0.1:${apiPort + 8}` },
} as const;
