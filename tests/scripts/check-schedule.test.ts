// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  childCpuSeconds,
  cpuGroup,
  machineTicks,
  runStages,
} from '../../scripts/check-schedule.mjs';

type Stage = { name: string; after?: string[] };

/**
 * Stages that end when the test says so: `finish(name, ok)` ends a running stage, `running()`
 * names those started and not ended, so the schedule is checked by states, not by times.
 */
function controlledRun() {
  const pending = new Map<string, (outcome: { ok: boolean; output: string }) => void>();
  return {
    running: () => [...pending.keys()],
    run: (stage: Stage) =>
      new Promise<{ ok: boolean; output: string }>((resolve) => {
        pending.set(stage.name, resolve);
      }),
    finish(name: string, ok = true) {
      const resolve = pending.get(name);
      if (!resolve) throw new Error(`${name} is not running`);
      pending.delete(name);
      resolve({ ok, output: `${name} says ${ok ? 'ok' : 'no'}\n` });
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('runStages (npm test side by side, decision 082)', () => {
  it('runs at most `concurrency` stages, in the order listed, each after what it needs', async () => {
    const control = controlledRun();
    const stages: Stage[] = [
      { name: 'e2e builds' },
      { name: 'journeys', after: ['e2e builds'] },
      { name: 'typecheck' },
      { name: 'lint' },
      { name: 'build' },
      { name: 'byte budget', after: ['build'] },
    ];
    const done = runStages(stages, { concurrency: 2, run: control.run });
    await settle();
    expect(control.running()).toEqual(['e2e builds', 'typecheck']);
    control.finish('typecheck');
    await settle();
    // The journeys wait for their builds: the next stage ready is lint.
    expect(control.running()).toEqual(['e2e builds', 'lint']);
    control.finish('e2e builds');
    await settle();
    expect(control.running()).toEqual(['lint', 'journeys']);
    control.finish('lint', false);
    await settle();
    expect(control.running()).toEqual(['journeys', 'build']);
    control.finish('build');
    await settle();
    expect(control.running()).toEqual(['journeys', 'byte budget']);
    control.finish('byte budget');
    control.finish('journeys');
    const results = await done;
    // Results in the stages' order, a failure kept as a failure, each with its own output.
    expect(results.map((r) => [r.name, r.ok, r.output])).toEqual([
      ['e2e builds', true, 'e2e builds says ok\n'],
      ['journeys', true, 'journeys says ok\n'],
      ['typecheck', true, 'typecheck says ok\n'],
      ['lint', false, 'lint says no\n'],
      ['build', true, 'build says ok\n'],
      ['byte budget', true, 'byte budget says ok\n'],
    ]);
  });

  it('a stage whose command throws is a failure, and the stages after it still run', async () => {
    const results = await runStages([{ name: 'a' }, { name: 'b', after: ['a'] }], {
      concurrency: 1,
      run: async (stage) => {
        if (stage.name === 'a') throw new Error('spawn npx ENOENT');
        return { ok: true, output: '' };
      },
    });
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(results[0]?.output).toContain('spawn npx ENOENT');
  });

  it('refuses a stage that comes after an unknown one, and stages that wait in a circle', async () => {
    const run = async () => ({ ok: true, output: '' });
    await expect(
      runStages([{ name: 'a', after: ['nope'] }], { concurrency: 2, run }),
    ).rejects.toThrow(/unknown stage nope/);
    await expect(
      runStages(
        [
          { name: 'a', after: ['b'] },
          { name: 'b', after: ['a'] },
        ],
        { concurrency: 2, run },
      ),
    ).rejects.toThrow(/circle/);
  });
});

describe('the CPU figures of npm test', () => {
  it('reads the children line of bash `times`', () => {
    expect(childCpuSeconds('0m0.004s 0m0.002s\n1m2.500s 0m4.250s\n')).toBeCloseTo(66.75);
    expect(childCpuSeconds('0m0.000s 0m0.000s\n0m0.310s 0m0.120s')).toBeCloseTo(0.43);
    expect(childCpuSeconds('')).toBeUndefined();
    expect(childCpuSeconds('0m0.004s 0m0.002s')).toBeUndefined();
  });

  it('reads busy and total ticks from /proc/stat', () => {
    const stat = 'cpu  100 5 50 800 20 3 2 10 0 0\ncpu0 50 2 25 400 10 1 1 5 0 0\n';
    expect(machineTicks(stat)).toEqual({ busy: 170, total: 990 });
    expect(machineTicks('intr 1 2 3')).toBeUndefined();
  });
});

describe('a stage in a CPU accounting group', () => {
  it('reads what the group counted, and removes it', () => {
    const root = mkdtempSync(join(tmpdir(), 'cpuacct-'));
    try {
      writeFileSync(join(root, 'cpuacct.usage'), '999\n');
      const group = cpuGroup('stage-a', root)!;
      expect(group.path).toBe(join(root, 'stage-a'));
      expect(existsSync(group.path)).toBe(true);
      // The kernel's counter, in nanoseconds.
      writeFileSync(join(group.path, 'cpuacct.usage'), '66750000000\n');
      expect(group.cpuSeconds()).toBeCloseTo(66.75);
      rmSync(join(group.path, 'cpuacct.usage'));
      group.remove();
      expect(existsSync(group.path)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is none where there is no cpuacct hierarchy or no group can be made', () => {
    const root = mkdtempSync(join(tmpdir(), 'no-cpuacct-'));
    try {
      expect(cpuGroup('stage-a', root)).toBeUndefined();
      writeFileSync(join(root, 'cpuacct.usage'), '1\n');
      mkdirSync(join(root, 'taken'));
      expect(cpuGroup('taken', root)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
