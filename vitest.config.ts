import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __VALIDATED_ENV__: 'undefined' },
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/support/vm-globals.ts', 'tests/support/setup.ts'],
    env: {
      VITE_AI_MODE: 'gemini',
      VITE_GEMINI_API_KEY: 'test-key',
      VITE_SOCIAL_FACEBOOK: 'https://facebook.com/esim.test',
      VITE_SOCIAL_VIBER: 'https://invite.viber.com/?g2=esim.test',
    },
    // A limit for a test that hangs, not a speed bound: generous for a busy machine (decision 082).
    testTimeout: 60_000,
    // Every core (Vitest's default leaves one free: one worker on CI's two cores; decision 082).
    maxWorkers: Math.max(2, availableParallelism()),
    // One retry on CI; `npm test` names every test that needed it (see scripts/run-all-checks.mjs).
    retry: process.env.CI ? 1 : 0,
    restoreMocks: true,
    // Each test file gets its own VM context in a worker that stays (vmForks): modules and globals
    // are still fresh per file, but jsdom and the packages load once per worker instead of once per
    // file — the unit stage went from about 15 to about 1 CPU-minute of set-up per run (decision
    // 099). ESLint's packages do not load in a VM context: the lint test runs in plain forks.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/lint/**'],
          pool: 'vmForks',
        },
      },
      { extends: true, test: { name: 'lint', include: ['tests/lint/**'], pool: 'forks' } },
    ],
  },
});
