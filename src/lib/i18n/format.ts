import { MYANMAR_OFFSET_MS } from '#domain/myanmar-time';
import { burmeseDigits } from '#domain/digits';
import { intlLocale, toLanguage } from './languages';

/**
 * Dates and numbers for the UI language. Some browsers (desktop Chromium among them) ship no
 * Burmese locale data and would answer in English, so Burmese falls back to CLDR's pattern
 * written by hand: Myanmar digits and month names ("၂၀၂၆ နိုဝင်ဘာ ၂၁").
 */
const burmeseMonths = [
  'ဇန်နဝါရီ',
  'ဖေဖော်ဝါရီ',
  'မတ်',
  'ဧပြီ',
  'မေ',
  'ဇွန်',
  'ဇူလိုင်',
  'ဩဂုတ်',
  'စက်တင်ဘာ',
  'အောက်တိုဘာ',
  'နိုဝင်ဘာ',
  'ဒီဇင်ဘာ',
];

/*
 * Making an Intl formatter costs far more than using
 * one: the first ones load the locale's data. A page's first render formats dozens of prices and
 * dates, so each formatter is made once and kept (decision 086: the take-over in small tasks).
 */
type LocaleProbe = typeof Intl.DateTimeFormat.supportedLocalesOf;
let probed: { by: LocaleProbe; has: boolean } | undefined;
/** Whether the browser has Burmese locale data: asked once (asked again if the probe changes). */
const hasBurmeseData = () => {
  const by = Intl.DateTimeFormat.supportedLocalesOf;
  if (probed?.by !== by) {
    probed = { by, has: by.call(Intl.DateTimeFormat, [intlLocale.my]).length > 0 };
  }
  return probed.has;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The DateTimeFormat for a locale and options, made once. */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** The NumberFormat for a locale and options, made once. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** CLDR's long Burmese date ("၂၀၂၆ နိုဝင်ဘာ ၂၁"). */
export function burmeseLongDate(year: number, monthIndex: number, day: number): string {
  return `${burmeseDigits(year)} ${burmeseMonths[monthIndex] ?? ''} ${burmeseDigits(day)}`;
}

/**
 * A calendar date in the UI language's long style. `utc` reads the date's UTC fields (for
 * dates written as YYYY-MM-DD, which JavaScript parses as UTC midnight).
 */
export function formatLongDate(date: Date, language: string, { utc = false } = {}): string {
  const lang = toLanguage(language);
  if (lang === 'my' && !hasBurmeseData()) {
    return utc
      ? burmeseLongDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
      : burmeseLongDate(date.getFullYear(), date.getMonth(), date.getDate());
  }
  return dateFormat(intlLocale[lang], {
    dateStyle: 'long',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/**
 * Intl formatting in the UI language, where the browser may lack Burmese data: then Burmese gets
 * the English form written with Myanmar digits, as a number or a time reads in Burmese text.
 */
export function localized(language: string, format: (locale: string) => string): string {
  const lang = toLanguage(language);
  if (lang === 'my' && !hasBurmeseData()) return burmeseDigits(format(intlLocale.en));
  return format(intlLocale[lang]);
}

/** A 24-hour time of day for the UI language, with seconds unless `seconds` is false. */
export function formatTime(date: Date | number, language: string, { seconds = true } = {}): string {
  const lang = toLanguage(language);
  const time = dateFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(date);
  return lang === 'my' ? burmeseDigits(time) : time;
}

/**
 * A date with its time, e.g. "21 Nov 2026, 22:05" or its Burmese form: in the phone's time zone,
 * or with `myanmar` on Myanmar's clock (UTC+06:30, the order number's clock, issue #44).
 */
export function formatDateTime(
  date: Date | number,
  language: string,
  { myanmar = false } = {},
): string {
  const lang = toLanguage(language);
  const ms = typeof date === 'number' ? date : date.getTime();
  // Myanmar wall time is the instant moved by the offset and read as UTC.
  const value = new Date(myanmar ? ms + MYANMAR_OFFSET_MS : ms);
  const zone = myanmar ? { timeZone: 'UTC' } : {};
  if (lang === 'my') {
    // The date, "၊", then the time: "၂၀၂၆ နိုဝင်ဘာ ၂၅၊ ၁၆:၅၃", so the day and the hour do not
    // run together (Burmese review fix 9), with or without the browser's Burmese locale data.
    const date = formatLongDate(value, lang, { utc: myanmar });
    const time = dateFormat(hasBurmeseData() ? intlLocale.my : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      ...zone,
    }).format(value);
    return `${burmeseDigits(date)}၊ ${burmeseDigits(time)}`;
  }
  return dateFormat(intlLocale[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...zone,
  }).format(value);
}

/** A number with grouping for the UI language: 80,000 or ၈၀,၀၀၀. */
export function formatNumber(value: number, language: string, maximumFractionDigits = 2): string {
  const text = localized(language, (locale) =>
    numberFormat(locale, { maximumFractionDigits }).format(value),
  );
  // Burmese with locale data may still group digits as Western ones; write Myanmar digits.
  return toLanguage(language) === 'my' ? burmeseDigits(text) : text;
}

/** `YYYY-MM-DD` in local time, for a <time dateTime>. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
