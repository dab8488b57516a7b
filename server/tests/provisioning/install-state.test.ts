import { describe, expect, it } from 'vitest';
import type { InstallState } from '../../src/db/schema';
import { nextInstallState, stateOfNotification } from '../../src/provisioning/install-progress';

describe('install state from HandleDownloadProgressInfo (decision 077)', () => {
  it.each([
    [1, 'Executed-Success', null],
    [1, 'Failed', 'failed'],
    [2, 'Failed', 'failed'],
    [3, 'Executed-Success', 'downloaded'],
    [3, 'Executed-WithWarning', 'downloaded'],
    [3, 'Failed', 'failed'],
    [4, 'Executed-Success', 'installed'],
    [4, 'Expired', 'failed'],
    [5, 'Executed-Success', 'deleted'],
    [6, 'Executed-Success', 'installed'],
    [7, 'Executed-Success', null],
    [101, 'Failed', null],
  ] as const)('point %i, %s → %s', (point, status, state) => {
    expect(stateOfNotification(point, status)).toBe(state);
  });

  const at = (state: InstallState, time: number) => ({ state, at: time });
  it.each([
    ['forward', at('released', 10), 'downloaded', 20, at('downloaded', 20)],
    ['forward, skipping a step', at('released', 10), 'installed', 20, at('installed', 20)],
    ['a repeat', at('installed', 20), 'installed', 20, null],
    ['back, late', at('installed', 30), 'downloaded', 20, null],
    ['a late failure after install', at('installed', 30), 'failed', 40, null],
    ['a failure older than the state', at('downloaded', 30), 'failed', 20, null],
    ['a failure during the download', at('downloaded', 30), 'failed', 40, at('failed', 40)],
    ['a retry that succeeds', at('failed', 30), 'installed', 50, at('installed', 50)],
    ['a success older than the failure', at('failed', 30), 'downloaded', 20, null],
    ['deleted after install', at('installed', 30), 'deleted', 40, at('deleted', 40)],
    ['anything after deleted', at('deleted', 40), 'installed', 50, null],
  ] as const)('%s', (_label, current, target, time, next) => {
    expect(nextInstallState(current, target, time)).toEqual(next);
  });
});
