import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server's tests, in Node. They run twice in `npm test`: on PGlite (default) and on a real
 * PostgreSQL when TEST_DATABASE_URL is set (scripts/test-all.sh starts Debian's PostgreSQL).
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    include: ['server/tests/**/*.test.ts'],
    // Limits for a hang, not for speed: opening and migrating a PGlite database took over 60 s
    // on this machine under a load of 25 (decision 082), and the 100 receipts confirmed in
    // parallel went past 90 s at a load of 30 (decision 096). A test that hangs still fails.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The tests wait on servers, CLIs and PostgreSQL as much as they compute: one more worker
    // than cores (Vitest's default is one fewer: a single worker on CI's two cores; decision 082).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it imported for the next file (decision 108): every file
    // imported Hono, Drizzle, PGlite, pg and the AI SDK again in a new process, 4 s of CPU each.
    // The files share no state but the module cache: each opens its own database, servers and
    // ports, and the two that change a global or the environment put it back.
    isolate: false,
    retry: process.env.CI ? 1 : 0,
    restoreMocks: true,
  },
});
