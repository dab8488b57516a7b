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

/**
 * A post's `YYYY-MM-DD` date in the UI language's long style (Intl, with the locale of
 * lib/i18n/languages). Browsers without Burmese locale data get CLDR's Burmese pattern
 * written by hand instead of an English date.
 */
export function formatPostDate(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const lang = isLanguage(language) ? language : defaultLanguage;
  const locale = intlLocale[lang];
  if (lang === 'my' && Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0) {
    return `${burmeseDigits(year)} ${burmeseMonths[month] ?? ''} ${burmeseDigits(day)}`;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, day)),
  );
}

/** A whole number in the UI language's digits (Myanmar digits in Burmese). */
export function formatCount(value: number, language: string): string {
  return language === 'my' ? burmeseDigits(value) : String(value);
}
