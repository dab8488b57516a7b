#!/usr/bin/env node
/**
 * Lighthouse performance budget of the home page (issue #5): mobile form factor, simulated
 * throttling, against the production build served by `vite preview`. Lighthouse scores vary from
 * run to run, so it runs several times and judges the median, as Lighthouse CI does.
 *
 *   node scripts/lighthouse.mjs [distDir]        (default: dist; build it first)
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5),
 * LIGHTHOUSE_MIN_SCORE (default 95), LIGHTHOUSE_PORT (default 4299), LIGHTHOUSE_PATH (default /).
 * Reports are written to .lighthouse/. Exits 1 when the median score is under the minimum.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2] ?? 'dist';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const minScore = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 95);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4299);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const url = `http://127.0.0.1:${port}${process.env.LIGHTHOUSE_PATH ?? '/'}`;
const outDir = '.lighthouse';

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}/: run \`npm run build\` first.`);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

/** Runs a command to completion; resolves with its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function waitForServer(target, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(target);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The preview server did not answer at ${target}`);
}

const server = spawn(
  'npx',
  [
    'vite',
    'preview',
    '--outDir',
    dist,
    '--port',
    String(port),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
);
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

const metrics = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

try {
  await waitForServer(url);
  const scores = [];
  for (let i = 1; i <= runs; i += 1) {
    const report = join(outDir, `home-mobile-${i}.json`);
    const code = await run(
      'npx',
      [
        'lighthouse',
        url,
        '--form-factor=mobile',
        '--throttling-method=simulate',
        '--only-categories=performance',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
      ],
      { ...process.env, CHROME_PATH: chromePath },
    );
    if (code !== 0) throw new Error(`Lighthouse run ${i} failed (exit ${code})`);
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const score = Math.round((result.categories.performance.score ?? 0) * 100);
    scores.push(score);
    const detail = metrics
      .map(([id, label]) => `${label} ${result.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`run ${i}/${runs}: performance ${score} (${detail})`);
  }
  const sorted = [...scores].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `Lighthouse mobile performance on ${url}: median ${median} of [${scores.join(', ')}] (minimum ${minScore})`,
  );
  if (median < minScore) {
    console.error(`Lighthouse check failed: median ${median} is under ${minScore}.`);
    process.exitCode = 1;
  } else {
    console.log('Lighthouse check passed.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stopServer();
}
