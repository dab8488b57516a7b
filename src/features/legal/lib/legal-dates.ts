export type LegalDocumentName = 'privacy' | 'terms' | 'refund';

/**
 * The date each legal document's text last changed (YYYY-MM-DD), shown as "Last updated".
 * It belongs to the text, not to the visitor's clock: change it in the same commit as the
 * document's wording in locales/en/legal.json and locales/my/legal.json.
 */
export const legalLastUpdated: Record<LegalDocumentName, string> = {
  privacy: '2026-11-23',
  terms: '2026-11-21',
  refund: '2026-11-28',
};

/** The calendar date of a YYYY-MM-DD string, at local midnight (so it formats as that day). */
export function calendarDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}
