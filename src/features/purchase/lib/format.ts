import { intlLocale, type Language } from '../../../lib/i18n/languages';

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
