import { describe, expect, it } from 'vitest';
import {
  crossedAnnouncement,
  formatCountdown,
  openingAnnouncement,
  secondsLeft,
} from '../../../../src/features/purchase/lib/countdown';

describe('secondsLeft', () => {
  const expiresAt = 1_000_000;
  it.each([
    [expiresAt - 600_000, 600],
    [expiresAt - 599_001, 600],
    [expiresAt - 599_000, 599],
    [expiresAt - 1, 1],
    [expiresAt, 0],
    [expiresAt + 3_600_000, 0],
  ])('at %i gives %i s', (now, expected) => {
    expect(secondsLeft(expiresAt, now)).toBe(expected);
  });

  it('is right after the tab slept: computed from the absolute expiry', () => {
    const start = 5_000_000;
    const expires = start + 600_000;
    expect(secondsLeft(expires, start + 7 * 60_000 + 30_000)).toBe(150);
  });
});

describe('formatCountdown', () => {
  it.each([
    [600, 'en', '10:00'],
    [599, 'en', '09:59'],
    [61, 'en', '01:01'],
    [5, 'en', '00:05'],
    [0, 'en', '00:00'],
    [-3, 'en', '00:00'],
    [599, 'my', '၀၉:၅၉'],
  ] as const)('writes %i s in %s as %s', (seconds, language, expected) => {
    expect(formatCountdown(seconds, language)).toBe(expected);
  });
});

describe('announcements', () => {
  it.each([
    [600, { unit: 'minutes', count: 10 }],
    [452, { unit: 'minutes', count: 7 }],
    [45, { unit: 'seconds', count: 45 }],
  ])('opens at %i s with %j', (seconds, expected) => {
    expect(openingAnnouncement(seconds)).toEqual(expected);
  });

  it.each([
    [599, 598, null],
    [301, 300, { unit: 'minutes', count: 5 }],
    [300, 299, null],
    [121, 120, { unit: 'minutes', count: 2 }],
    [61, 60, { unit: 'minutes', count: 1 }],
    [31, 30, { unit: 'seconds', count: 30 }],
    [1, 0, null],
    // After sleeping from 6 minutes to 50 seconds: one message, with the time left.
    [360, 50, { unit: 'seconds', count: 50 }],
    [400, 150, { unit: 'minutes', count: 2 }],
  ])('from %i to %i s announces %j', (previous, current, expected) => {
    expect(crossedAnnouncement(previous, current)).toEqual(expected);
  });

  it('speaks at most five times in ten minutes', () => {
    let spoken = 1;
    for (let second = 600; second > 0; second--) {
      if (crossedAnnouncement(second, second - 1)) spoken++;
    }
    expect(spoken).toBe(5);
  });
});
