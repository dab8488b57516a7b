import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusResponseSchema } from '../../src/status/schemas';
import { sharedResult } from '../../src/platform/shared-result';
import { createTestApp, T0, testClock, type TestApp } from '../support/test-app';

/**
 * GET /status runs its checks at most once a second and shares them (issue #28 point 2,
 * decision 084): the database's ping counts the checks.
 */
let t: TestApp;
let pings = 0;
beforeAll(async () => {
  t = await createTestApp();
  const ping = t.deps.database.ping.bind(t.deps.database);
  t.deps.database.ping = () => {
    pings += 1;
    return ping();
  };
});
afterAll(() => t.close());

const statusAt = async () => {
  const response = await t.call('GET', '/status');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  return statusResponseSchema.parse(await response.json());
};

describe('GET /status shares its checks', () => {
  it('makes one check for many requests at once, another only after more than a second', async () => {
    const burst = await Promise.all(Array.from({ length: 25 }, () => statusAt()));
    expect(pings).toBe(1);
    // All of them read the same check.
    expect(new Set(burst.map((body) => body.lastChecked))).toEqual(
      new Set([new Date(T0).toISOString()]),
    );
    expect(burst.every((body) => body.overallStatus === 'OPERATIONAL')).toBe(true);

    // Within the second: the same result, no new check.
    t.clock.advance(999);
    await Promise.all([statusAt(), statusAt(), statusAt()]);
    expect(pings).toBe(1);

    // Past it: one new check for the next burst, with its own time.
    t.clock.advance(2);
    const later = await Promise.all(Array.from({ length: 10 }, () => statusAt()));
    expect(pings).toBe(2);
    expect(later[0]!.lastChecked).toBe(new Date(T0 + 1_001).toISOString());
  });
});

describe('sharedResult', () => {
  it('shares a computation while it runs, even past its age, and keeps no failure', async () => {
    const clock = testClock();
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    let fail = false;
    const shared = sharedResult(
      () => {
        runs += 1;
        if (fail) return Promise.reject(new Error('down'));
        return new Promise<number>((resolve) => (finish = resolve));
      },
      { maxAgeMs: 1_000, now: clock.now },
    );
    const first = shared.read();
    clock.advance(5_000);
    // Still running: the late request waits for the same one.
    const second = shared.read();
    expect(runs).toBe(1);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);

    // Done, and older than its age: the next read computes again, and a failure is not kept.
    fail = true;
    await expect(shared.read()).rejects.toThrow('down');
    expect(runs).toBe(2);
    await expect(shared.read()).rejects.toThrow('down');
    expect(runs).toBe(3);
    fail = false;
    const third = shared.read();
    finish(8);
    expect(await third).toBe(8);
    expect(await shared.read()).toBe(8);
    expect(runs).toBe(4);
  });
});
