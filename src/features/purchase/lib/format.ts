import { localized } from '../../../lib/i18n/format';
import type { Language } from '../../../lib/i18n/languages';

/** Kilobytes or megabytes, for file sizes shown to the buyer. */
export function formatBytes(bytes: number, language: Language): string {
  const small = bytes < 1024 * 1024;
  return localized(language, (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: small ? 'kilobyte' : 'megabyte',
      maximumFractionDigits: small ? 0 : 1,
    }).format(small ? Math.max(1, Math.round(bytes / 1024)) : bytes / (1024 * 1024)),
  );
}
