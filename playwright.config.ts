import { defineConfig, devices } from '@playwright/test';
import { e2eServers } from './e2e/support/servers';

/**
 * Journeys run in Debian's Chromium against production builds served by `vite preview`:
 * - `gemini`: a build with a test key, whose AI calls each journey scripts with page.route;
 * - `demo`: a build with no key, which must announce and run demo mode.
 * scripts/build-e2e.mjs makes both builds before the run.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI; `npm test` names every test that needed it (see scripts/run-all-checks.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: e2eServers.gemini.url,
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-gpu',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Object.values(e2eServers).map((server) => ({
    command: `npx vite preview --outDir ${server.dist} --port ${server.port} --strictPort --host 127.0.0.1`,
    url: server.url,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  })),
});
