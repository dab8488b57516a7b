import { formatLongDate } from '../../../lib/i18n/format';

/** A post's `YYYY-MM-DD` date in the UI language's long style; anything else is shown as written. */
export function formatPostDate(date: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return formatLongDate(new Date(`${date}T00:00:00Z`), language, { utc: true });
}
