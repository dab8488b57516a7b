import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const testFile = /\.test\.tsx?$/;
/**
 * Test files that replace a module or a global (vi.mock, vi.doMock, vi.resetModules,
 * vi.stubGlobal, vi.stubEnv): each runs in a fresh worker of its own, as Vitest does by default.
 * Every other file shares its worker's modules and environment with the files run before it
 * (`isolate: false`): a fresh worker, jsdom and module graph per file cost four times the CPU of
 * the tests themselves (decision 096). tests/support/setup.ts cleans what a test may leave behind.
 */
const replacesModules = /\bvi\.(mock|doMock|resetModules|stubGlobal|stubEnv)\(/;
/**
 * Files that failed after other files in a shared worker (decision 096): a page under a router
 * met another router, and the floating buttons' keyboard focus met a state left behind. They run
 * isolated until the state they meet is found and reset in tests/support/setup.ts.
 */
const sensitive = [
  'tests/components/layout/floating-give-way.test.tsx',
  'tests/features/purchase/components/purchase-delivery.test.tsx',
];
const isolated = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .filter((file) => testFile.test(file))
  .map((file) => join('tests', file))
  .filter((file) => sensitive.includes(file) || replacesModules.test(readFileSync(file, 'utf8')))
  .sort();

export default defineConfig({
  plugins: [react()],
  define: { __VALIDATED_ENV__: 'undefined' },
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/support/setup.ts'],
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
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: isolated,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
});
