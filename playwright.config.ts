import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/browser';
import {
  e2eApi,
  e2eBankApi,
  e2eProviderApi,
  e2eReleaseProxy,
  e2eServers,
} from './e2e/support/servers';
import { FAKE_2C2P_MERCHANT_ID, FAKE_2C2P_SECRET_KEY } from './e2e/support/fake-2c2p.mjs';
import {
  FAKE_KBZPAY_APP_ID,
  FAKE_KBZPAY_APP_KEY,
  FAKE_KBZPAY_MERCH_CODE,
} from './e2e/support/fake-kbzpay.mjs';

/**
 * Journeys run in Debian's Chromium (its headless shell when installed: e2e/support/browser.ts) against production builds served by `vite preview`:
 * - `gemini`: a build with a test key, whose AI calls each journey scripts with page.route;
 * - `demo`: a build with no key, which must announce and run demo mode;
 * - `server`: server mode (VITE_API_URL), against the real API (server/) on a fresh embedded
 *   database, whose Gemini is a local fake (e2e/support/fake-gemini.mjs).
 * scripts/build-e2e.mjs makes the three builds before the run.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Journeys mostly wait (on the API, its watches, the fake Gemini): on CI's two cores four
  // workers keep the cores busy where two left them idle more than half the time (decision 082).
  workers: process.env.E2E_WORKERS
    ? Number(process.env.E2E_WORKERS)
    : process.env.CI
      ? 4
      : undefined,
  // One retry on CI; `npm test` names every test that needed it (see scripts/run-all-checks.mjs).
  retries: process.env.CI ? 1 : 0,
  // Limits for what hangs, not bounds on speed: a journey waits for states, and CI stays green
  // with both cores kept busy by other work (decision 082).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: e2eServers.gemini.url,
    serviceWorkers: 'block',
    // Journeys run with reduced motion (decision 104): the starfield and the globe redraw every
    // frame in software (no GPU here), about a quarter of a core per open page, so four workers
    // spent a core on animation. The journeys whose subject is motion, the paint gates and one
    // whole purchase use `motion` from e2e/support/fixtures.ts.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    ...Object.values(e2eServers).map((server) => ({
      command: `npx vite preview --outDir ${server.dist} --port ${server.port} --strictPort --host 127.0.0.1`,
      url: server.url,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    })),
    {
      command: 'node e2e/support/fake-gemini.mjs',
      port: e2eApi.gemini.port,
      env: { FAKE_GEMINI_PORT: String(e2eApi.gemini.port) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: 'node e2e/support/smtp-catcher.mjs',
      url: `${e2eApi.mailbox.url}/`,
      env: {
        SMTP_CATCHER_PORT: String(e2eApi.smtp.port),
        SMTP_CATCHER_HTTP_PORT: String(e2eApi.mailbox.port),
      },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // ATOM's SM-DP+ (ES2+, issue #27), reporting installs to the API's callback.
      command: 'node e2e/support/fake-smdp.mjs',
      url: `${e2eApi.smdp.url}/`,
      env: {
        FAKE_SMDP_PORT: String(e2eApi.smdp.port),
        FAKE_SMDP_ADDRESS: e2eApi.smdp.address,
        FAKE_SMDP_PROFILE_TYPES: e2eApi.smdp.profileType,
        FAKE_SMDP_CALLBACK_URL: `${e2eApi.url}/gsma/rsp2/es2plus/handleDownloadProgressInfo`,
        FAKE_SMDP_CALLBACK_TOKEN: e2eApi.smdp.callbackToken,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // A fresh embedded database each run, with the eSIM stock imported before the API starts
      // (one process opens the folder at a time). The last step `exec`s one node process (tsx as a
      // loader, not the tsx wrapper that forks a child) so that Playwright's SIGTERM stops it.
      command: [
        `rm -rf ${e2eApi.dataDir}`,
        `node_modules/.bin/tsx server/src/cli/stock.ts import ${e2eApi.stockCsv}`,
        `node_modules/.bin/tsx server/src/cli/api-key.ts create --staff e2e | sed -n 2p > ${e2eApi.staffKeyFile}`,
        'exec node --import tsx server/src/main.ts',
      ].join(' && '),
      port: e2eApi.port,
      env: {
        PORT: String(e2eApi.port),
        HOST: '127.0.0.1',
        // Configured like a real shop (a missing one is a setup warning on the staff page, N10).
        CONTACT_HASH_SECRET: 'e2e-contact-hash-secret-3b9d71',
        DATA_DIR: e2eApi.dataDir,
        DATABASE_URL: '',
        AI_MODE: 'gemini',
        GEMINI_API_KEY: e2eApi.serverKey,
        GEMINI_BASE_URL: e2eApi.gemini.url,
        // The release proxy serves the same build on its own origin (e2e/offline-order.spec.ts).
        SHOP_ORIGINS: [e2eServers.server.url, e2eReleaseProxy.url]
          .map((url) => url.replace(/\/$/, ''))
          .join(','),
        SHOP_URL: e2eServers.server.url.replace(/\/$/, ''),
        SMTP_URL: e2eApi.smtp.url,
        OUTBOX_INTERVAL_MS: '500',
        // Every journey is one client (127.0.0.1): the abuse limits are the server tests' (#23).
        RECEIPT_LIMIT_PER_ORDER: '1000',
        RECEIPT_LIMIT_PER_ADDRESS: '100000',
        ORDER_LIMIT_PER_ADDRESS: '100000',
        // `limit` with no reachable limit (decision 128): a receipt that shows the shop as payee
        // (the fake Gemini's default reading) delivers at once, as the journeys that pay many
        // orders from one contact need; one that shows no payee is held for the bank, and this
        // API mails it (e2e/held-mail.spec.ts). The second API runs `confirmed`, without mail.
        DELIVERY_POLICY: 'limit',
        UNCONFIRMED_LIMIT_MMK: '1000000000000',
        UNCONFIRMED_PER_CONTACT: '1000000',
        // ATOM's profiles come from the fake SM-DP+; MPT, Ooredoo and Mytel from stock.
        PROVISIONING_ATOM: 'es2plus',
        ES2PLUS_ATOM_URL: e2eApi.smdp.url,
        ES2PLUS_ATOM_REQUESTER_ID: e2eApi.smdp.requesterId,
        ES2PLUS_ATOM_PROFILE_TYPES: `power-30=${e2eApi.smdp.profileType}`,
        ES2PLUS_ATOM_CALLBACK_TOKEN: e2eApi.smdp.callbackToken,
        PROVISIONING_INTERVAL_MS: '300',
        PAYMENT_NOTIFY_SECRET: e2eBankApi.notifySecret,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // The second API (issue #23, decision 071): DELIVERY_POLICY=confirmed, signed bank
      // notifications, its own embedded database and stock; the `confirmed` shop build uses it.
      command: [
        `rm -rf ${e2eBankApi.dataDir}`,
        `node_modules/.bin/tsx server/src/cli/stock.ts import ${e2eApi.stockCsv}`,
        `node_modules/.bin/tsx server/src/cli/api-key.ts create --staff e2e | sed -n 2p > ${e2eBankApi.staffKeyFile}`,
        'exec node --import tsx server/src/main.ts',
      ].join(' && '),
      port: e2eBankApi.port,
      env: {
        PORT: String(e2eBankApi.port),
        HOST: '127.0.0.1',
        // Configured like a real shop (a missing one is a setup warning on the staff page, N10).
        CONTACT_HASH_SECRET: 'e2e-contact-hash-secret-3b9d71',
        DATA_DIR: e2eBankApi.dataDir,
        DATABASE_URL: '',
        AI_MODE: 'gemini',
        GEMINI_API_KEY: e2eApi.serverKey,
        GEMINI_BASE_URL: e2eApi.gemini.url,
        SHOP_ORIGINS: e2eServers.confirmed.url.replace(/\/$/, ''),
        SHOP_URL: e2eServers.confirmed.url.replace(/\/$/, ''),
        DELIVERY_POLICY: 'confirmed',
        BANK_CONFIRMATION_MINUTES: '120',
        RECEIPT_LIMIT_PER_ORDER: '1000',
        RECEIPT_LIMIT_PER_ADDRESS: '100000',
        ORDER_LIMIT_PER_ADDRESS: '100000',
        PAYMENT_NOTIFY_SECRET: e2eBankApi.notifySecret,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // The fakes of 2C2P and KBZPay (issue #40), for the third API.
      command: 'node e2e/support/fake-2c2p.mjs',
      url: `${e2eProviderApi.twoC2P.url}/fake/invoices`,
      env: { FAKE_2C2P_PORT: String(e2eProviderApi.twoC2P.port) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: 'node e2e/support/fake-kbzpay.mjs',
      url: `${e2eProviderApi.kbzPay.url}/fake/orders`,
      env: { FAKE_KBZPAY_PORT: String(e2eProviderApi.kbzPay.port) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // The third API (issue #40): cards on 2C2P's page and KBZPay's QR, against the fakes.
      command: [
        `rm -rf ${e2eProviderApi.dataDir}`,
        `node_modules/.bin/tsx server/src/cli/stock.ts import ${e2eApi.stockCsv}`,
        'exec node --import tsx server/src/main.ts',
      ].join(' && '),
      port: e2eProviderApi.port,
      env: {
        PORT: String(e2eProviderApi.port),
        HOST: '127.0.0.1',
        // Configured like a real shop (a missing one is a setup warning on the staff page, N10).
        CONTACT_HASH_SECRET: 'e2e-contact-hash-secret-3b9d71',
        DATA_DIR: e2eProviderApi.dataDir,
        DATABASE_URL: '',
        AI_MODE: 'gemini',
        GEMINI_API_KEY: e2eApi.serverKey,
        GEMINI_BASE_URL: e2eApi.gemini.url,
        SHOP_ORIGINS: e2eServers.providers.url.replace(/\/$/, ''),
        SHOP_URL: e2eServers.providers.url.replace(/\/$/, ''),
        RECEIPT_LIMIT_PER_ORDER: '1000',
        RECEIPT_LIMIT_PER_ADDRESS: '100000',
        ORDER_LIMIT_PER_ADDRESS: '100000',
        PAYMENT_METHODS: '2c2p,kbzpay',
        TWOC2P_MERCHANT_ID: FAKE_2C2P_MERCHANT_ID,
        TWOC2P_SECRET_KEY: FAKE_2C2P_SECRET_KEY,
        TWOC2P_BASE_URL: e2eProviderApi.twoC2P.url,
        KBZPAY_BASE_URL: e2eProviderApi.kbzPay.url,
        KBZPAY_APP_ID: FAKE_KBZPAY_APP_ID,
        KBZPAY_MERCH_CODE: FAKE_KBZPAY_MERCH_CODE,
        KBZPAY_APP_KEY: FAKE_KBZPAY_APP_KEY,
        PUBLIC_API_URL: e2eProviderApi.url,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
