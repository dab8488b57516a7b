#!/usr/bin/env node
/**
 * `npm run bench:start`: how long `scripts/start.sh` takes, after `npm ci`, to serve both wings
 * (issue #28, goal 8: ≤ 20 s). It runs the README's start command as it is (SKIP_INSTALL=1: the
 * packages are already installed) twice on one new data folder — first start (demo stock added,
 * the database made) and a second start (the folder exists) — and prints when the API answers
 * `/status`, when the shop answers its page and when the page's entry module is served. A bare
 * `vite` dev server started the same way is the reference. Ports: BENCH_PORT (default 8870) for
 * the API, BENCH_SHOP_PORT (5870) for the shop; 127.0.0.1 only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const apiPort = Number(process.env.BENCH_PORT ?? 8870);
const shopPort = Number(process.env.BENCH_SHOP_PORT ?? 5870);
const api = `http://127.0.0.1:${apiPort}`;
const shop = `http://127.0.0.1:${shopPort}`;
const LIMIT_MS = 120_000;

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Milliseconds from `started` until each URL answers 200 (checked every 100 ms, in parallel). */
async function timeUntilServed(urls, started, child) {
  const times = {};
  await Promise.all(
    Object.entries(urls).map(async ([name, url]) => {
      while (performance.now() - started < LIMIT_MS && child.exitCode === null) {
        if (await answers(url)) {
          times[name] = performance.now() - started;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  return times;
}

function start(command, args, env) {
  return spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

async function run(label, command, args, env, urls) {
  const started = performance.now();
  const child = start(command, args, env);
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const times = await timeUntilServed(urls, started, child);
  await stop(child);
  const missing = Object.keys(urls).filter((name) => times[name] === undefined);
  if (missing.length) {
    console.error(errors.slice(-2_000));
    throw new Error(`${label}: ${missing.join(', ')} never answered`);
  }
  return { label, ...times, both: Math.max(...Object.values(times)) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
const env = {
  SKIP_INSTALL: '1',
  PORT: String(apiPort),
  SHOP_PORT: String(shopPort),
  DATA_DIR: dataDir,
  GEMINI_API_KEY: '',
  VITE_GEMINI_API_KEY: '',
};
const wings = {
  api: `${api}/status`,
  shop: `${shop}/`,
  entry: `${shop}/src/main.tsx`,
};
const rows = [];
try {
  rows.push(
    await run(
      'bare vite dev server (reference)',
      'node_modules/.bin/vite',
      ['--host', '127.0.0.1', '--port', String(shopPort), '--strictPort'],
      {},
      { shop: wings.shop, entry: wings.entry },
    ),
  );
  rows.push(
    await run('scripts/start.sh, new data folder', 'bash', ['scripts/start.sh'], env, wings),
  );
  rows.push(
    await run('scripts/start.sh, existing data folder', 'bash', ['scripts/start.sh'], env, wings),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const seconds = (ms) => (ms === undefined ? '—' : (ms / 1000).toFixed(1));
console.log('| start | API /status | shop page | entry module | both wings served |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${seconds(row.api)} s | ${seconds(row.shop)} s | ${seconds(row.entry)} s | ${seconds(row.both)} s |`,
  );
}
const worst = Math.max(...rows.slice(1).map((row) => row.both));
console.log(
  `\nGoal 8 (issue #28): both wings ≤ 20 s after npm ci — ${(worst / 1000).toFixed(1)} s: ${worst <= 20_000 ? 'met' : 'not met'}`,
);
