/**
 * `npm run bench:cors` (decision 139): the app's hand-written CORS (the edge middleware, decision
 * 100) against hono/cors with the same options, side by side in one run on @hono/node-server.
 * Each set-up runs in its own process (server/bench/cors-server.ts); autocannon measures a routed
 * GET from an allowed origin and a preflight, the two set-ups taking turns for BENCH_ROUNDS
 * rounds of BENCH_SECONDS each. Prints req/s, p50/p99 and the server's CPU time a request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon, { type Options } from 'autocannon';
import { freePort } from '../tests/support/server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = new URL('../../', import.meta.url).pathname;
const origin = 'https://shop.example';

function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function start(mode: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/bench/cors-server.ts'], {
    cwd: root,
    env: { ...process.env, BENCH_CORS: mode, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${mode} exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

type Figures = { rps: number; p50: number; p99: number; cpuUs: number; non2xx: number };

async function measure(pid: number | undefined, options: Options): Promise<Figures> {
  await autocannon({ ...options, connections, duration: 1 });
  const before = cpuMs(pid);
  const result = await autocannon({ ...options, connections, duration: seconds });
  const after = cpuMs(pid);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: Math.round(((after - before) * 1000) / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
  };
}

const servers = { edge: await start('edge'), hono: await start('hono') };
try {
  const kinds = {
    'GET /api/orders/:id': { method: 'GET' as const, headers: { Origin: origin } },
    'OPTIONS (preflight)': {
      method: 'OPTIONS' as const,
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key',
      },
    },
  };
  const lines: string[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const [kind, request] of Object.entries(kinds)) {
      for (const [mode, { child, url }] of Object.entries(servers)) {
        const f = await measure(child.pid, { url: `${url}/api/orders/o1`, ...request });
        const line = `round ${round}  ${kind.padEnd(20)} ${(mode === 'edge' ? 'hand-written (edge)' : 'hono/cors + edge').padEnd(20)} ${String(f.rps).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  server CPU ${f.cpuUs} µs/request  (${f.non2xx} non-2xx)`;
        console.log(line);
        lines.push(line);
      }
    }
  }
} finally {
  for (const { child } of Object.values(servers)) child.kill('SIGTERM');
}
