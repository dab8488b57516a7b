/**
 * `npm run bench:pglite-open` (issue #28 point 8): how long the embedded database (PGlite) takes
 * to open and migrate a new data folder, and to open an existing one, as the server does on
 * start (openDatabase, then migrate). Runs each `BENCH_RUNS` times (default 3) in a fresh process
 * each, so nothing is warm from an earlier open, and prints the medians. Goals: a new folder ≤ 3 s,
 * an existing one ≤ 1 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = new URL('../../', import.meta.url).pathname;

if (process.argv[2] === '--open') {
  // One open in this process: the folder in argv[3]; prints the milliseconds as JSON.
  const started = performance.now();
  const { migrate, openDatabase } = await import('../src/db/database');
  const imported = performance.now();
  const database = await openDatabase({ dataDir: process.argv[3], holder: 'bench' });
  const opened = performance.now();
  const applied = await migrate(database);
  const migrated = performance.now();
  await database.close();
  console.log(
    JSON.stringify({
      importMs: Math.round(imported - started),
      openMs: Math.round(opened - imported),
      migrateMs: Math.round(migrated - opened),
      totalMs: Math.round(migrated - imported),
      applied: applied.length,
    }),
  );
  process.exit(0);
}

type Timing = { importMs: number; openMs: number; migrateMs: number; totalMs: number };

const openOnce = (dir: string): Timing =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/bench/pglite-open.ts', '--open', dir],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ).trim(),
  ) as Timing;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fresh: Timing[] = [];
const existing: Timing[] = [];
for (let run = 0; run < runs; run += 1) {
  const scratch = mkdtempSync(join(tmpdir(), 'esim-pglite-open-'));
  const dir = join(scratch, 'data');
  try {
    fresh.push(openOnce(dir));
    existing.push(openOnce(dir));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
for (const [name, timings, goalMs] of [
  ['new folder', fresh, 3_000],
  ['existing folder', existing, 1_000],
] as const) {
  const total = median(timings.map((timing) => timing.totalMs));
  console.log(
    `${name.padEnd(16)} open + migrate ${total} ms (open ${median(timings.map((t) => t.openMs))} ms, migrate ${median(timings.map((t) => t.migrateMs))} ms; module load ${median(timings.map((t) => t.importMs))} ms)  goal ≤ ${goalMs} ms: ${total <= goalMs ? 'met' : 'NOT met'}`,
  );
}
