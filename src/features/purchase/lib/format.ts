import { intlLocale, isLanguage, type Language } from '../../../lib/i18n/languages';

/** The UI language as a known Language (English when i18next reports anything else). */
export const toLanguage = (value: string | undefined): Language =>
  isLanguage(value) ? value : 'en';

/** A number written for the UI language: 80,000 in English, ၈၀,၀၀၀ in Burmese. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale[language], { maximumFractionDigits: 2 }).format(value);
}

/** Kilobytes or megabytes, for file sizes shown to the buyer. */
export function formatBytes(bytes: number, language: Language): string {
  const locale = intlLocale[language];
  if (bytes < 1024 * 1024) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    }).format(Math.max(1, Math.round(bytes / 1024)));
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

/** A date and time for the UI language, e.g. on the result screen. */
export function formatDateTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(epochMs);
}
