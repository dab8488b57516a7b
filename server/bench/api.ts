/**
 * `npm run bench:api`: the API under load (issues #13 point 8, #28 points 1–5). Creates a fresh
 * database on the local PostgreSQL (admin URL in BENCH_DATABASE_URL), starts `npm run server` on
 * it on 127.0.0.1, and measures with autocannon, next to a reference (a bare @hono/node-server
 * app answering a static JSON body as large as /plans's) in the same run:
 * GET /plans, GET /status, POST /api/orders; a receipt decision with the model (a local fake of
 * Gemini's REST API) answering at once, one request at a time; two server instances on the same
 * PostgreSQL taking orders together (their sum); and POST /api/orders on the embedded PGlite.
 * The server trusts one reverse proxy (TRUST_PROXY), as a deployment behind one does. Orders are
 * measured twice: from 5,000 client addresses in turn (X-Forwarded-For), as a shop's buyers
 * come, and all from 127.0.0.1, the worst case, where every order counts on one limit row.
 * For that one address the per-address order and receipt limits (decision 069) are raised out of
 * reach: their one upsert per request still runs. Each run is bounded in time
 * and in requests. Prints a table and writes reports/bench-api.json and reports/bench-api.md
 * with the goals of issue #28. `BENCH_ONLY=plans` runs only the reference and GET /plans (for
 * iterating on the catalogue's path; it writes no report).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { freePort } from '../tests/support/server-process';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * Each measured run stops after this many requests, or at its time. High enough that no row
 * reaches it in 10 s on a fast machine (the bare app answered 84,000 req/s here): a row cut short
 * by the count would read as the same figure as the reference (both "200,000 requests").
 */
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 2_000_000);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const receipts = Number(process.env.BENCH_RECEIPTS ?? 200);
/** `plans`: only the reference and GET /plans; unset: the whole run. */
const only = process.env.BENCH_ONLY ?? '';
if (only !== '' && only !== 'plans') {
  console.error(`BENCH_ONLY=${only}: only "plans" (or unset, the whole run) is known`);
  process.exit(2);
}
/** Issue #28's goals. */
const goals = {
  plansShareOfReference: 0.5,
  plansP99Ms: 10,
  statusRequestsPerSecond: 5_000,
  ordersRequestsPerSecond: 1_500,
  ordersP99Ms: 50,
  receiptServerP99Ms: 20,
};
const root = new URL('../../', import.meta.url).pathname;

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 180 s`);
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
  /** The server process's CPU time per request (user + system), in µs: steadier than req/s on a busy machine. */
  cpuUsPerRequest?: number | undefined;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

/** A process's CPU time so far (user + system) in ms, from /proc (Linux), or undefined. */
function cpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

async function measure(name: string, options: Options, pid?: number): Promise<Row> {
  // A short warm-up (JIT, connection pool), then the measured run.
  await autocannon({ ...options, connections, duration: 2, maxOverallRequests: maxRequests });
  const cpuBefore = cpuMs(pid);
  const result: Result = await autocannon({
    ...options,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    timeout: 10,
  });
  const cpuAfter = cpuMs(pid);
  const row = {
    name,
    cpuUsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total)
        : undefined,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `${name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  (${row.requests} requests, ${row.non2xx} non-2xx, ${row.errors} errors${row.cpuUsPerRequest === undefined ? '' : `, server CPU ${row.cpuUsPerRequest} µs/request`})`,
  );
  return row;
}

/** Gemini's REST API answering at once: a paid receipt of 80,000 MMK with a fresh id each call. */
async function startFakeGemini(): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const reading = {
        isPaymentConfirmed: true,
        reason: 'The payment is successful.',
        transactionId: `01${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1e8)}`,
        amount: 80_000,
        currency: 'MMK',
        transactionTime: new Date(Date.now() - 60_000).toISOString(),
        status: 'Successful',
      };
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          candidates: [
            {
              content: { role: 'model', parts: [{ text: JSON.stringify(reading) }] },
              finishReason: 'STOP',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const order = {
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'bench@example.com',
  language: 'en',
};
const orderRequest: Omit<Options, 'url'> = {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(order),
};

/** How many client addresses the orders of the main row come from, in turn. */
const orderAddresses = 5_000;

/**
 * Orders from `count` client addresses in turn (10.x.y.z in X-Forwarded-For, which the server
 * reads behind TRUST_PROXY), as a shop's buyers come: each address's few orders are far apart.
 */
function fromAddresses(count: number): Omit<Options, 'url'> {
  let next = 0;
  const { method, headers, body } = orderRequest;
  return {
    ...orderRequest,
    requests: [
      {
        method,
        body,
        setupRequest: (request) => {
          const index = next % count;
          next += 1;
          const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
          return { ...request, headers: { ...headers, 'X-Forwarded-For': address } };
        },
      },
    ],
  };
}

async function startApi(env: Record<string, string>) {
  const port = await freePort();
  const child = start('server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
    TRUST_PROXY: 'true',
    // The rows from 127.0.0.1 alone: the per-address limits would answer 429 at once.
    ORDER_LIMIT_PER_ADDRESS: '1000000000',
    RECEIPT_LIMIT_PER_ADDRESS: '1000000000',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/status`, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, base };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/**
 * One receipt decision at a time, each for a fresh order: the server's whole time for the
 * request (the fake model answers at once, so this is the decision's own cost).
 */
async function measureReceipts(base: string): Promise<Row> {
  const created: { id: string; token: string }[] = [];
  for (let index = 0; index < receipts + 20; index += 1) {
    const answer = (await (
      await fetch(`${base}/api/orders`, { ...orderRequest, body: JSON.stringify(order) })
    ).json()) as { order: { id: string }; token: string };
    created.push({ id: answer.order.id, token: answer.token });
  }
  const image = { mimeType: 'image/png', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' };
  const times: number[] = [];
  let non2xx = 0;
  let confirmed = 0;
  const started = performance.now();
  for (const [index, { id, token }] of created.entries()) {
    const before = performance.now();
    const response = await fetch(`${base}/api/orders/${id}/receipt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Order-Token': token },
      body: JSON.stringify({ image, language: 'en' }),
    });
    const body = (await response.json()) as { verification?: { status?: string } };
    // The first 20 warm up (JIT, pool, the model's connection).
    if (index < 20) continue;
    times.push(performance.now() - before);
    if (!response.ok) non2xx += 1;
    if (body.verification?.status === 'confirmed') confirmed += 1;
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  const row = {
    name: `receipt decision (model at once, ${confirmed} confirmed)`,
    requestsPerSecond: Math.round((times.length / elapsed) * 1000),
    p50Ms: Math.round(percentile(times, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(times, 0.99) * 10) / 10,
    requests: times.length,
    non2xx,
    errors: 0,
  };
  console.log(
    `${row.name.padEnd(34)} one at a time  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  (${row.requests} requests, ${row.non2xx} non-2xx)`,
  );
  return row;
}

/**
 * POST /api/orders on two instances at once, `connections` each, from the main row's addresses;
 * the row is their sum.
 */
async function measureTwo(bases: [string, string]): Promise<Row> {
  const run = (base: string, duration: number) =>
    autocannon({
      ...fromAddresses(orderAddresses),
      url: `${base}/api/orders`,
      connections,
      duration,
      maxOverallRequests: maxRequests,
      timeout: 10,
    });
  await Promise.all(bases.map((base) => run(base, 2)));
  const results = await Promise.all(bases.map((base) => run(base, seconds)));
  const row = {
    name: `POST /api/orders, 2 instances (sum)`,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
  console.log(
    `${row.name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms (the slower of the two)  (${results.map((r) => Math.round(r.requests.average)).join(' + ')} req/s, ${row.non2xx} non-2xx, ${row.errors} errors)`,
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
  const children: ChildProcess[] = [];
  const gemini = await startFakeGemini();
  const rows: Row[] = [];
  const notes: string[] = [
    `The main orders row comes from ${orderAddresses.toLocaleString('en')} client addresses in turn (X-Forwarded-For, TRUST_PROXY=true), as a shop's buyers come; its goal is checked there. The row "one address" sends every order from 127.0.0.1, the worst case: every order counts on one limit row, which each order holds until its commit is on disk.`,
    'The other rows come from 127.0.0.1: ORDER_LIMIT_PER_ADDRESS and RECEIPT_LIMIT_PER_ADDRESS are raised out of reach (their per-request upsert still runs).',
  ];
  try {
    const onPostgres = {
      DATABASE_URL: databaseUrl.toString(),
      AI_MODE: 'gemini',
      GEMINI_API_KEY: 'bench-key',
      GEMINI_BASE_URL: gemini.url,
    };
    const api = await startApi(onPostgres);
    children.push(api.child);
    const { base } = api;

    const plansBody = await (await fetch(`${base}/plans`)).text();
    const bodyFile = join(scratch, 'plans.json');
    writeFileSync(bodyFile, plansBody);
    const referencePort = await freePort();
    const reference = start('server/bench/reference-server.ts', {
      PORT: String(referencePort),
      BENCH_BODY_FILE: bodyFile,
    });
    children.push(reference);
    await waitFor(`http://127.0.0.1:${referencePort}/plans`, reference);

    console.log(
      `\nPostgreSQL ${name}, ${connections} connections, ${seconds} s per endpoint (at most ${maxRequests} requests), LOG_LEVEL=${logLevel}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})\n`,
    );
    rows.push(
      await measure(
        `reference (bare Hono, ${plansBody.length} B)`,
        { url: `http://127.0.0.1:${referencePort}/plans` },
        reference.pid,
      ),
    );
    const pid = api.child.pid;
    rows.push(await measure('GET /plans', { url: `${base}/plans` }, pid));
    // Everything after GET /plans, unless BENCH_ONLY=plans.
    const theRest = async () => {
      rows.push(await measure('GET /status', { url: `${base}/status` }, pid));
      rows.push(
        await measure(
          'POST /api/orders',
          { ...fromAddresses(orderAddresses), url: `${base}/api/orders` },
          pid,
        ),
      );
      rows.push(
        await measure(
          'POST /api/orders, one address',
          { ...orderRequest, url: `${base}/api/orders` },
          pid,
        ),
      );
      rows.push(await measureReceipts(base));

      // A second instance on the same database: orders on both at once.
      const second = await startApi(onPostgres);
      children.push(second.child);
      rows.push(await measureTwo([base, second.base]));
      await stop(second.child);
      await stop(api.child);

      // The embedded store: the same order path on PGlite (one process per folder).
      const embedded = await startApi({
        DATABASE_URL: '',
        DATA_DIR: join(scratch, 'pglite'),
        AI_MODE: 'demo',
      });
      children.push(embedded.child);
      rows.push(
        await measure(
          'POST /api/orders (PGlite)',
          { ...orderRequest, url: `${embedded.base}/api/orders` },
          embedded.child.pid,
        ),
      );
    };
    if (only !== 'plans') await theRest();
  } finally {
    for (const child of children) await stop(child);
    gemini.server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  }

  const find = (name: string) => rows.find((row) => row.name === name);
  const reference = rows[0];
  const plans = find('GET /plans');
  const status = find('GET /status');
  const orders = find('POST /api/orders');
  const receipt = rows.find((row) => row.name.startsWith('receipt decision'));
  const checks = [
    {
      goal: `GET /plans ≥ ${goals.plansShareOfReference} of the bare app's req/s, p99 ≤ ${goals.plansP99Ms} ms`,
      figure:
        plans && reference
          ? `${(plans.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} of bare, p99 ${plans.p99Ms} ms`
          : 'not measured',
      met:
        !!plans &&
        !!reference &&
        plans.requestsPerSecond >= goals.plansShareOfReference * reference.requestsPerSecond &&
        plans.p99Ms <= goals.plansP99Ms,
    },
    {
      goal: `GET /status ≥ ${goals.statusRequestsPerSecond} req/s`,
      figure: status ? `${status.requestsPerSecond} req/s` : 'not measured',
      met: !!status && status.requestsPerSecond >= goals.statusRequestsPerSecond,
    },
    {
      goal: `POST /api/orders ≥ ${goals.ordersRequestsPerSecond} req/s, p99 ≤ ${goals.ordersP99Ms} ms (PostgreSQL, ${orderAddresses.toLocaleString('en')} addresses)`,
      figure: orders
        ? `${orders.requestsPerSecond} req/s, p99 ${orders.p99Ms} ms, ${orders.non2xx} non-2xx`
        : 'not measured',
      met:
        !!orders &&
        orders.non2xx === 0 &&
        orders.requestsPerSecond >= goals.ordersRequestsPerSecond &&
        orders.p99Ms <= goals.ordersP99Ms,
    },
    {
      goal: `A receipt decision ≤ ${goals.receiptServerP99Ms} ms of server time (p99, model at once)`,
      figure: receipt ? `p50 ${receipt.p50Ms} ms, p99 ${receipt.p99Ms} ms` : 'not measured',
      met: !!receipt && receipt.non2xx === 0 && receipt.p99Ms <= goals.receiptServerP99Ms,
    },
  ];
  for (const check of checks) {
    console.log(`${check.met ? 'met    ' : 'NOT met'}  ${check.goal}: ${check.figure}`);
  }

  if (only) {
    console.log(`BENCH_ONLY=${only}: a partial run, no report written`);
    return;
  }

  const report = {
    date: new Date().toISOString(),
    store: 'postgres (and PGlite for the last row)',
    cores: availableParallelism(),
    cpu: cpus()[0]?.model,
    connections,
    seconds,
    maxRequests,
    logLevel,
    goals,
    checks,
    results: rows,
    notes,
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/bench-api.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = [
    `# API benchmark (${report.date})`,
    '',
    `PostgreSQL unless the row says PGlite, ${connections} connections per instance, ${seconds} s per endpoint, ${report.cores} cores, LOG_LEVEL=${logLevel}. The receipt row is one request at a time (${receipts} receipts, each for its own order).`,
    '',
    '| Endpoint | req/s | p50 (ms) | p99 (ms) | requests | non-2xx | errors | server CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.requests} | ${row.non2xx} | ${row.errors} | ${row.cpuUsPerRequest ?? '—'} |`,
    ),
    '',
    '| Goal (issue #28) | Figure | Met |',
    '|---|---|---|',
    ...checks.map((check) => `| ${check.goal} | ${check.figure} | ${check.met ? 'yes' : 'no'} |`),
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
