export type FaqEntry = { id: string; question: string; answer: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The FAQ entries that can be shown, in their order: an entry without a question or an answer
 * (a missing or empty translation) is dropped rather than shown half empty.
 */
export function presentFaqEntries(entries: unknown): FaqEntry[] {
  if (!entries || typeof entries !== 'object') return [];
  return Object.entries(entries).flatMap(([id, entry]: [string, unknown]) => {
    if (!entry || typeof entry !== 'object') return [];
    const { question, answer } = entry as Record<string, unknown>;
    const q = text(question);
    const a = text(answer);
    return q && a ? [{ id, question: q, answer: a }] : [];
  });
}
