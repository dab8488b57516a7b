#!/usr/bin/env node
/** Builds the three sites the journeys run against (mirrors e2e/support/servers.ts). */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const base = Number(process.env.E2E_PORT_BASE ?? 4173);
const apiPort = Number(process.env.E2E_API_PORT ?? base + 4100);
const geminiEnv = JSON.parse(
  readFileSync(new URL('../e2e/support/gemini-build-env.json', import.meta.url), 'utf8'),
);

function build(outDir, extraEnv) {
  const env = { ...process.env, ...extraEnv, OUT_DIR: outDir };
  if (!extraEnv.VITE_GEMINI_API_KEY) {
    // The demo and server builds: no key may leak in from the shell.
    for (const key of Object.keys(env)) {
      if (key.startsWith('VITE_') && !(key in extraEnv)) delete env[key];
    }
  }
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`built ${outDir}`);
}

build(`dist-e2e-${base}`, geminiEnv);
build(`dist-demo-${base}`, {});
// Server mode; the server's own key is in the environment, and must not reach the bundle.
build(`dist-server-${base}`, {
  VITE_API_URL: `http://127.0.0.1:${apiPort}`,
  GEMINI_API_KEY: 'e2e-server-only-key-7f3a9c',
});
// Server mode against the second API (DELIVERY_POLICY=confirmed, e2eBankApi in servers.ts).
build(`dist-confirmed-${base}`, {
  VITE_API_URL: `http://127.0.0.1:${apiPort + 5}`,
  GEMINI_API_KEY: 'e2e-server-only-key-7f3a9c',
});
