#!/usr/bin/env node
/**
 * Builds the four sites the journeys run against (mirrors e2e/support/servers.ts), two at a time
 * (E2E_BUILD_CONCURRENCY): much of a build runs on one core (the plugins, the pre-rendering),
 * so two builds side by side use a two-core machine's second core (decision 082). Each build's
 * output is printed whole when it ends.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const base = Number(process.env.E2E_PORT_BASE ?? 4173);
const apiPort = Number(process.env.E2E_API_PORT ?? base + 4100);
const concurrency = Math.max(1, Number(process.env.E2E_BUILD_CONCURRENCY ?? 2));
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
  return new Promise((resolve) => {
    const output = [];
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      console.log(code === 0 ? `built ${outDir}` : `FAILED to build ${outDir} (exit ${code})`);
      resolve(code ?? 1);
    });
  });
}

const builds = [
  [`dist-e2e-${base}`, geminiEnv],
  [`dist-demo-${base}`, {}],
  // Server mode; the server's own key is in the environment, and must not reach the bundle.
  [
    `dist-server-${base}`,
    { VITE_API_URL: `http://127.0.0.1:${apiPort}`, GEMINI_API_KEY: 'e2e-server-only-key-7f3a9c' },
  ],
  // Server mode against the second API (DELIVERY_POLICY=confirmed, e2eBankApi in servers.ts).
  [
    `dist-confirmed-${base}`,
    {
      VITE_API_URL: `http://127.0.0.1:${apiPort + 5}`,
      GEMINI_API_KEY: 'e2e-server-only-key-7f3a9c',
    },
  ],
];

// Server mode against the third API (cards and KBZPay, e2eProviderApi in servers.ts).
builds.push([
  `dist-providers-${base}`,
  { VITE_API_URL: `http://127.0.0.1:${apiPort + 6}`, GEMINI_API_KEY: 'e2e-server-only-key-7f3a9c' },
]);

const queue = [...builds];
const codes = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (queue.length > 0) {
      const [outDir, extraEnv] = queue.shift();
      codes.push(await build(outDir, extraEnv));
    }
  }),
);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
