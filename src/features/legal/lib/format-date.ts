import { defaultLanguage, intlLocale, isLanguage } from '../../../lib/i18n/languages';

/** CLDR's Burmese month names, for browsers whose Intl has no Burmese data. */
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

const burmeseDigits = (value: number) =>
  String(value).replace(/\d/g, (digit) => String.fromCharCode(0x1040 + Number(digit)));

/** CLDR's long Burmese date ("၂၀၂၆ နိုဝင်ဘာ ၂၁") written by hand. */
export function burmeseLongDate(year: number, monthIndex: number, day: number): string {
  return `${burmeseDigits(year)} ${burmeseMonths[monthIndex] ?? ''} ${burmeseDigits(day)}`;
}

/**
 * A calendar date in the UI language's long style, with Intl and the locale of
 * lib/i18n/languages. Some browsers (desktop Chromium among them) ship no Burmese locale data
 * and would answer in English, so Burmese falls back to the same CLDR pattern written by hand.
 */
export function formatLongDate(date: Date, language: string): string {
  const lang = isLanguage(language) ? language : defaultLanguage;
  const locale = intlLocale[lang];
  if (lang === 'my' && Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0) {
    return burmeseLongDate(date.getFullYear(), date.getMonth(), date.getDate());
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/** `YYYY-MM-DD` in local time, for a <time dateTime>. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
