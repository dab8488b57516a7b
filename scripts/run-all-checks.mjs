#!/usr/bin/env node
/**
 * `npm test`: every check of the shop, without stopping at the first failure, then one closing
 * line `N passed, M failed` that totals the unit tests, the journeys and the single checks
 * (typecheck, lint, format, the production builds, byte budget). Failing tests are named; so are tests that failed
 * once and passed on CI's single retry (counted as passed). Exits non-zero when anything failed.
 *
 * The stages run side by side (decision 082), CHECKS_CONCURRENCY at a time (default 2): the
 * journeys' builds and the journeys in one lane, the rest in the other, in the order listed.
 * Each stage's output is printed whole when it ends, headed by its name, and kept in
 * reports/logs/<stage>.log. No stage is judged on the machine's speed: Lighthouse's score is a
 * benchmark (`npm run bench:lcp`), and the journeys' paint gate (e2e/paint-gate.spec.ts) judges
 * the first paint in bytes, requests, its largest element and layout shift (decision 081).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { childCpuSeconds, cpuGroup, machineTicks, runStages } from './check-schedule.mjs';
import { EMPTY, countPlaywright, countVitest } from './test-reports.mjs';

mkdirSync('reports/logs', { recursive: true });
const unitJson = 'reports/unit-results.json';
const e2eJson = 'reports/e2e-results.json';
const serverPgliteJson = 'reports/server-pglite-results.json';
const serverPostgresJson = 'reports/server-postgres-results.json';
for (const file of [unitJson, e2eJson, serverPgliteJson, serverPostgresJson]) {
  rmSync(file, { force: true });
}

/** The server's tests, once per store (scripts/test-all.sh starts Debian's PostgreSQL). */
const serverTests = (outputFile) => [
  'vitest',
  'run',
  '--config',
  'server/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${outputFile}`,
];
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The stages in the order they are started when ready; `after` names what a stage needs first.
 * The journeys' lane is listed first: it is the longest.
 */
const allStages = [
  { name: 'e2e builds', command: 'node', args: ['scripts/build-e2e.mjs'] },
  {
    name: 'journeys',
    after: ['e2e builds'],
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  },
  // The shop's tsconfig and the server's (no DOM types).
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  {
    name: 'unit tests',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${unitJson}`],
  },
  {
    name: 'server tests (PGlite)',
    command: 'npx',
    args: serverTests(serverPgliteJson),
    env: { TEST_DATABASE_URL: '' },
  },
  ...(postgresUrl || process.env.CI
    ? [{ name: 'server tests (PostgreSQL)', command: 'npx', args: serverTests(serverPostgresJson) }]
    : []),
  // The production build is the journeys' demo build (no key, no API: what `vite build` makes
  // with no VITE_ variables set); its byte budget is checked there, not on a fifth build.
  {
    name: 'byte budget',
    after: ['e2e builds'],
    command: 'node',
    args: ['scripts/check-size.mjs', `dist-demo-${process.env.E2E_PORT_BASE ?? 4173}`],
  },
];

/**
 * CHECKS_ONLY=name,name runs only the stages named (to time or retry one stage the way `npm test`
 * runs it); the full run is what CI and the totals line mean.
 */
const only = (process.env.CHECKS_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of only) {
  if (!allStages.some((stage) => stage.name === name)) {
    console.error(`CHECKS_ONLY names an unknown stage "${name}".`);
    process.exit(1);
  }
}
const stages = only.length
  ? allStages
      .filter((stage) => only.includes(stage.name))
      .map((stage) => ({ ...stage, after: stage.after?.filter((name) => only.includes(name)) }))
  : allStages;

/**
 * Runs one stage's command, its output (stdout and stderr, as they come) kept for the log, and
 * its CPU seconds: on two cores the run's length is bound by its CPU work, so each stage's share
 * is printed. Where the run can make a CPU accounting group (cpuGroup: Linux, as root), the stage
 * runs in one and every process it starts is counted; elsewhere the figure is bash's `times` after
 * the command (the command and the processes it waited for), read from a fourth pipe.
 */
function runCommand(stage) {
  if (stage.name === 'server tests (PostgreSQL)' && !postgresUrl) {
    // On CI the PostgreSQL run is required: scripts/test-all.sh failed to start the cluster.
    return Promise.resolve({
      ok: false,
      output: 'TEST_DATABASE_URL is not set: no PostgreSQL to test against.\n',
    });
  }
  const env = { ...process.env, ...stage.env };
  if (stage.env?.TEST_DATABASE_URL === '') delete env.TEST_DATABASE_URL;
  const group = cpuGroup(`npm-test-${process.pid}-${slug(stage.name)}`);
  return new Promise((resolve) => {
    const chunks = [];
    const times = [];
    const child = spawn(
      'bash',
      [
        '-c',
        'group=$1; shift; [ -n "$group" ] && echo $$ 2>/dev/null > "$group/cgroup.procs"; "$@"; status=$?; times >&3; exit $status',
        stage.name,
        group?.path ?? '',
        stage.command,
        ...stage.args,
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.stdio[3].on('data', (chunk) => times.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      // Nothing counted in the group: the shell could not join it.
      const cpuSeconds = group?.cpuSeconds() || childCpuSeconds(Buffer.concat(times).toString());
      group?.remove();
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString(), cpuSeconds });
    });
  });
}

/**
 * ", N CPU s" when the stage's CPU time is known (see runCommand). Without an accounting group,
 * Chromium's renderers are not in it (the browser is ended without waiting for them); the
 * machine's busy share below counts everything.
 */
const cpu = (result) =>
  result.cpuSeconds === undefined ? '' : `, ${Math.round(result.cpuSeconds)} CPU s`;
const slug = (name) =>
  name
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
const concurrency = Number(process.env.CHECKS_CONCURRENCY ?? 2);
const begun = Date.now();
const readTicks = () => {
  try {
    return machineTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
};
const ticksBefore = readTicks();
const clock = () => {
  const seconds = Math.round((Date.now() - begun) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
console.log(`Running ${stages.length} stages, ${concurrency} at a time.`);
const results = await runStages(stages, {
  concurrency,
  run: runCommand,
  onStart: (stage) =>
    console.log(`[${clock()}] started ${stage.name}: ${stage.command} ${stage.args.join(' ')}`),
  onEnd: (stage, result) => {
    const log = `reports/logs/${slug(stage.name)}.log`;
    writeFileSync(log, result.output);
    console.log(`\n=== ${stage.name}: ${stage.command} ${stage.args.join(' ')}`);
    process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    console.log(
      `=== [${clock()}] ${result.ok ? 'ok' : 'FAILED'}: ${stage.name} (${result.seconds}s${cpu(result)}, log in ${log})\n`,
    );
  },
});

const readVitest = (file) =>
  existsSync(file) ? countVitest(JSON.parse(readFileSync(file, 'utf8')), process.cwd()) : EMPTY;
const unit = readVitest(unitJson);
const serverPglite = readVitest(serverPgliteJson);
const serverPostgres = readVitest(serverPostgresJson);
/** Stages whose tests are counted one by one, with their counts. */
const counted = {
  'unit tests': unit,
  'server tests (PGlite)': serverPglite,
  'server tests (PostgreSQL)': serverPostgres,
};
const e2e = existsSync(e2eJson)
  ? countPlaywright(JSON.parse(readFileSync(e2eJson, 'utf8')))
  : EMPTY;
const single = results.filter((r) => !(r.name in counted) && r.name !== 'journeys');
const singlePassed = single.filter((r) => r.ok).length;
const singleFailed = single.length - singlePassed;
// A runner that crashed before writing its report still counts as one failure.
const crashed = results.filter(
  (r) =>
    !r.ok &&
    ((r.name in counted && counted[r.name].failed === 0) ||
      (r.name === 'journeys' && e2e.failed === 0)),
).length;

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s${cpu(r)})`);
}
const ticksAfter = readTicks();
const cpuTotal = results.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
const busyShare =
  ticksBefore && ticksAfter
    ? `; the machine's cores were busy ${Math.round((100 * (ticksAfter.busy - ticksBefore.busy)) / (ticksAfter.total - ticksBefore.total))} % of the time (all work on it)`
    : '';
console.log(
  `all stages: ${clock()} (min:s), ${concurrency} at a time; ${Math.round(cpuTotal)} CPU s in the stages${busyShare}`,
);
console.log(`unit tests: ${unit.passed} passed, ${unit.failed} failed`);
for (const name of unit.names) console.log(`  failed: ${name}`);
for (const name of unit.flaky) console.log(`  flaky, passed on retry: ${name}`);
for (const [name, count] of Object.entries(counted).slice(1)) {
  if (!results.some((r) => r.name === name)) continue;
  console.log(`${name}: ${count.passed} passed, ${count.failed} failed`);
  for (const failure of count.names) console.log(`  failed: ${failure}`);
  for (const flake of count.flaky) console.log(`  flaky, passed on retry: ${flake}`);
}
console.log(`journeys: ${e2e.passed} passed, ${e2e.failed} failed`);
for (const name of e2e.names) console.log(`  failed: ${name}`);
for (const name of e2e.flaky) console.log(`  flaky, passed on retry: ${name}`);
console.log(`checks: ${singlePassed} passed, ${singleFailed} failed`);
const testsOf = Object.values(counted);
const passed = testsOf.reduce((sum, c) => sum + c.passed, 0) + e2e.passed + singlePassed;
const failed = testsOf.reduce((sum, c) => sum + c.failed, 0) + e2e.failed + singleFailed + crashed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
