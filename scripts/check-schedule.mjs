import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';

/**
 * Runs the stages of `npm test` side by side (decision 082). A stage starts once every stage it
 * comes `after` has ended (passed or not: a failure is reported, never hides the rest), as long
 * as fewer than `concurrency` stages are running; ready stages start in the order listed. Each
 * stage's output is kept and handed over whole when it ends, so two stages never interleave
 * their lines.
 *
 * @template {{ name: string, after?: string[] }} S
 * @param {S[]} stages
 * @param {{
 *   concurrency: number,
 *   run: (stage: S) => Promise<{ ok: boolean, output: string, cpuSeconds?: number }>,
 *   onStart?: (stage: S) => void,
 *   onEnd?: (stage: S, result: { ok: boolean, output: string, cpuSeconds?: number, seconds: number }) => void,
 *   now?: () => number,
 * }} options
 * @returns {Promise<{ name: string, ok: boolean, seconds: number, output: string, cpuSeconds?: number }[]>} in the
 *   stages' order
 */
export async function runStages(stages, { concurrency, run, onStart, onEnd, now = Date.now }) {
  const names = new Set(stages.map((stage) => stage.name));
  for (const stage of stages) {
    for (const before of stage.after ?? []) {
      if (!names.has(before))
        throw new Error(`${stage.name} comes after an unknown stage ${before}`);
    }
  }
  const results = new Map();
  const waiting = [...stages];
  let running = 0;
  return new Promise((resolve, reject) => {
    const startReady = () => {
      for (let i = 0; i < waiting.length && running < Math.max(1, concurrency);) {
        const stage = waiting[i];
        if (!(stage.after ?? []).every((before) => results.has(before))) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        running += 1;
        const started = now();
        onStart?.(stage);
        run(stage)
          .catch((error) => ({ ok: false, output: `${error?.stack ?? error}\n` }))
          .then((outcome) => {
            const result = { ...outcome, seconds: Math.round((now() - started) / 1000) };
            results.set(stage.name, result);
            running -= 1;
            onEnd?.(stage, result);
            if (results.size === stages.length) {
              resolve(stages.map((s) => ({ name: s.name, ...results.get(s.name) })));
            } else {
              startReady();
              if (running === 0) reject(new Error('stages wait on each other in a circle'));
            }
          });
      }
    };
    if (stages.length === 0) resolve([]);
    else startReady();
    if (stages.length > 0 && running === 0) {
      reject(new Error('no stage can start: they wait on each other in a circle'));
    }
  });
}

/**
 * The CPU time of a command and the processes it waited for, from what bash's `times` prints
 * after it (its second line: the children's user and system time, e.g. `1m2.500s 0m4.250s`), in
 * seconds; undefined when the text has no such line.
 *
 * @param {string} text
 * @returns {number | undefined}
 */
export function childCpuSeconds(text) {
  const line = text.trim().split('\n')[1];
  const times = [...(line ?? '').matchAll(/(\d+)m([\d.]+)s/g)];
  if (times.length !== 2) return undefined;
  return times.reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/**
 * The machine's CPU counters since boot from /proc/stat's first line: time busy and in all,
 * in clock ticks (undefined where there is no /proc).
 *
 * @param {string} procStat
 * @returns {{ busy: number, total: number } | undefined}
 */
export function machineTicks(procStat) {
  const fields = procStat.split('\n')[0]?.trim().split(/\s+/);
  if (fields?.[0] !== 'cpu') return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(1, 9).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * A CPU accounting group for one stage (Linux cgroup v1's cpuacct, where the run may make one,
 * as root on CI): every process the stage starts is counted in it, also those nobody waits for
 * (Chromium's renderers), which bash's `times` misses. Undefined where no group can be made.
 *
 * @param {string} name
 * @param {string} [root] the cpuacct hierarchy
 * @returns {{ path: string, cpuSeconds(): number | undefined, remove(): void } | undefined}
 */
export function cpuGroup(name, root = '/sys/fs/cgroup/cpuacct') {
  const path = `${root}/${name}`;
  try {
    if (!existsSync(`${root}/cpuacct.usage`)) return undefined;
    mkdirSync(path);
  } catch {
    return undefined;
  }
  return {
    path,
    cpuSeconds() {
      try {
        const nanoseconds = Number(readFileSync(`${path}/cpuacct.usage`, 'utf8').trim());
        return Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : undefined;
      } catch {
        return undefined;
      }
    },
    remove() {
      // A process still in the group (a stray the stage left running) keeps it; it goes with it.
      try {
        rmdirSync(path);
      } catch {
        // left for the system
      }
    },
  };
}
