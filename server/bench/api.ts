/**
 * `npm run bench:api`: the API under load on PostgreSQL (issue #13, point 8). Creates a fresh
 * database on the local cluster (admin URL in BENCH_DATABASE_URL), starts `npm run server` on
 * it on 127.0.0.1, and measures GET /plans, GET /status and POST /api/orders with autocannon,
 * next to a reference (a bare @hono/node-server app answering a static JSON body as large as
 * /plans's). Each run is bounded in time and in requests. Prints a table and writes
 * reports/bench-api.json and reports/bench-api.md. Goal: GET /plans ≥ 2,000 req/s, p99 ≤ 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const goal = { requestsPerSecond: 2_000, p99Ms: 50 };
const root = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Row = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

async function measure(name: string, options: Options): Promise<Row> {
  // A short warm-up (JIT, connection pool), then the measured run.
  await autocannon({ ...options, connections, duration: 2, maxOverallRequests: maxRequests });
  const result: Result = await autocannon({
    ...options,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    timeout: 10,
  });
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `${name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  (${row.requests} requests, ${row.non2xx} non-2xx, ${row.errors} errors)`,
  );
  return row;
}

async function main() {
  const name = `esim_bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const scratch = mkdtempSync(join(tmpdir(), 'esim-bench-'));
  let server: ChildProcess | undefined;
  let reference: ChildProcess | undefined;
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = start('server/src/main.ts', {
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      AI_MODE: 'demo',
      LOG_LEVEL: logLevel,
    });
    await waitFor(`${base}/status`, server);

    const plansBody = await (await fetch(`${base}/plans`)).text();
    const bodyFile = join(scratch, 'plans.json');
    writeFileSync(bodyFile, plansBody);
    const referencePort = await freePort();
    reference = start('server/bench/reference-server.ts', {
      PORT: String(referencePort),
      BENCH_BODY_FILE: bodyFile,
    });
    await waitFor(`http://127.0.0.1:${referencePort}/plans`, reference);

    console.log(
      `\nPostgreSQL ${name}, ${connections} connections, ${seconds} s per endpoint (at most ${maxRequests} requests), LOG_LEVEL=${logLevel}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})\n`,
    );
    rows.push(
      await measure(`reference (bare Hono, ${plansBody.length} B)`, {
        url: `http://127.0.0.1:${referencePort}/plans`,
      }),
    );
    rows.push(await measure('GET /plans', { url: `${base}/plans` }));
    rows.push(await measure('GET /status', { url: `${base}/status` }));

    const order = {
      planId: 'power-30',
      operatorId: 'mpt',
      contact: 'bench@example.com',
      language: 'en',
    };
    const probe = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    if (probe.status === 404) {
      const notice = 'POST /api/orders answers 404 (not in this build): order creation skipped.';
      notes.push(notice);
      console.log(`\nNOTICE: ${notice}`);
    } else {
      rows.push(
        await measure('POST /api/orders', {
          url: `${base}/api/orders`,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(order),
        }),
      );
    }
  } finally {
    await stop(server);
    await stop(reference);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  }

  const plans = rows.find((row) => row.name === 'GET /plans');
  const met =
    !!plans && plans.requestsPerSecond >= goal.requestsPerSecond && plans.p99Ms <= goal.p99Ms;
  const summary = `Goal GET /plans ≥ ${goal.requestsPerSecond} req/s with p99 ≤ ${goal.p99Ms} ms: ${met ? 'met' : 'NOT met'}`;
  console.log(`\n${summary}`);

  const report = {
    date: new Date().toISOString(),
    store: 'postgres',
    cores: availableParallelism(),
    cpu: cpus()[0]?.model,
    connections,
    seconds,
    maxRequests,
    logLevel,
    goal,
    goalMet: met,
    results: rows,
    notes,
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/bench-api.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = [
    `# API benchmark (${report.date})`,
    '',
    `PostgreSQL, ${connections} connections, ${seconds} s per endpoint, ${report.cores} cores, LOG_LEVEL=${logLevel}.`,
    '',
    '| Endpoint | req/s | p50 (ms) | p99 (ms) | requests | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.requests} | ${row.non2xx} | ${row.errors} |`,
    ),
    '',
    summary,
    ...notes.map((note) => `\n${note}`),
    '',
  ].join('\n');
  writeFileSync(join(root, 'reports/bench-api.md'), markdown);
  console.log('Wrote reports/bench-api.json and reports/bench-api.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
