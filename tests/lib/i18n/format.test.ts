import { afterEach, describe, expect, it, vi } from 'vitest';
import { asciiDigits, burmeseDigits } from '#domain/digits';
import {
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatTime,
  localized,
  isoDate,
} from '../../../src/lib/i18n/format';

const date = new Date(2026, 10, 21, 9, 5, 7);

describe('formatting for the UI language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes English dates and numbers', () => {
    expect(formatLongDate(date, 'en')).toBe('21 November 2026');
    expect(formatNumber(80000, 'en')).toBe('80,000');
    expect(isoDate(date)).toBe('2026-11-21');
  });

  it('writes Burmese with Myanmar digits', () => {
    expect(burmeseDigits('80,000')).toBe('၈၀,၀၀၀');
    expect(asciiDigits('၀၁၂၃၄၅၆၇၈၉')).toBe('0123456789');
    expect(formatNumber(80000, 'my')).toBe('၈၀,၀၀၀');
    expect(formatLongDate(date, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁');
  });

  it('writes the same Burmese where the browser has no Burmese locale data', () => {
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    expect(formatLongDate(date, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁');
    expect(formatNumber(80000, 'my')).toBe('၈၀,၀၀၀');
    expect(formatDateTime(date, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁၊ ၀၉:၀၅');
    expect(formatTime(date, 'my')).toBe('၀၉:၀၅:၀၇');
    expect(formatTime(date, 'my', { seconds: false })).toBe('၀၉:၀၅');
    expect(
      localized('my', (locale) =>
        new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte' }).format(300),
      ),
    ).toBe('၃၀၀ kB');
  });

  // Issue #44: "Confirmed at" on the order number's clock, whatever the phone's time zone.
  it('writes a date and time on the Myanmar clock (UTC+06:30) when asked', () => {
    const instant = Date.UTC(2026, 10, 27, 20, 27);
    expect(formatDateTime(instant, 'en', { myanmar: true })).toBe('28 Nov 2026, 02:57');
    expect(formatDateTime(instant, 'my', { myanmar: true })).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၈၊ ၀၂:၅၇');
  });

  it('writes times of day in 24 hours, with or without seconds', () => {
    expect(formatTime(date, 'en')).toBe('09:05:07');
    expect(formatTime(date, 'en', { seconds: false })).toBe('09:05');
  });

  it('reads YYYY-MM-DD dates in UTC when asked', () => {
    expect(formatLongDate(new Date('2026-10-02T00:00:00Z'), 'en', { utc: true })).toBe(
      '2 October 2026',
    );
  });
});
