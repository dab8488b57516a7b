import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SIMULATED_DELAY_MS,
  simulatedStatus,
} from '../../../../src/features/status/lib/simulated-status';
import { worstState } from '../../../../src/features/status/lib/status-report';

describe('simulatedStatus (SPEC §7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers after 500 ms: operational, uptime 99.9, 120 ms', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
    let settled = false;
    const pending = simulatedStatus(new AbortController().signal).then((report) => {
      settled = true;
      return report;
    });
    await vi.advanceTimersByTimeAsync(SIMULATED_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const report = await pending;
    expect(report.overall).toBe('operational');
    expect(report.lastChecked.toISOString()).toBe('2025-06-01T10:00:00.500Z');
    expect(report.services.length).toBeGreaterThan(0);
    for (const service of report.services) {
      expect(service).toMatchObject({ status: 'operational', uptime: 99.9, latencyMs: 120 });
    }
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pending = simulatedStatus(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('worstState', () => {
  it.each([
    [['operational', 'operational'], 'operational'],
    [['operational', 'degraded'], 'degraded'],
    [['degraded', 'outage', 'operational'], 'outage'],
    [[], 'operational'],
  ] as const)('%j gives %s', (states, expected) => {
    expect(worstState(states)).toBe(expected);
  });
});
