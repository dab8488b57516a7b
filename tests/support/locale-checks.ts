/** Flattens a translation bundle into dotted keys (arrays by index). */
export function flatten(
  value: unknown,
  prefix = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
const listMarker = (text: string) => /^([-*] )/.exec(text)?.[1] ?? '';

const myanmarScript = /[\u1000-\u109F\uAA60-\uAA7F\uA9E0-\uA9FF]/;

/**
 * "Prose" is English text of at least three words with letters, once placeholders ({{x}}),
 * markdown link targets, code and URLs are removed: its Burmese must contain Myanmar script.
 */
export function isProse(english: string): boolean {
  const words = english
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .match(/[A-Za-z]{2,}/g);
  return (words?.length ?? 0) >= 3;
}

/** Every difference between an English bundle and its Burmese translation, as readable lines. */
export function findLocaleProblems(en: unknown, my: unknown): string[] {
  const english = flatten(en);
  const burmese = flatten(my);
  const problems: string[] = [];
  for (const key of Object.keys(english))
    if (!(key in burmese)) problems.push(`missing in my: ${key}`);
  for (const key of Object.keys(burmese))
    if (!(key in english)) problems.push(`only in my: ${key}`);
  for (const [key, value] of Object.entries(burmese)) {
    if (typeof value === 'string' && value.trim() === '') problems.push(`empty in my: ${key}`);
    const source = english[key];
    if (
      typeof source === 'string' &&
      typeof value === 'string' &&
      isProse(source) &&
      !myanmarScript.test(value)
    ) {
      problems.push(`no Myanmar script in my: ${key}`);
    }
  }
  for (const [key, value] of Object.entries(english)) {
    if (typeof value === 'string' && value.trim() === '') problems.push(`empty in en: ${key}`);
    const translated = burmese[key];
    if (typeof value !== 'string' || typeof translated !== 'string') continue;
    if (placeholders(value).join() !== placeholders(translated).join())
      problems.push(`placeholders differ in my: ${key}`);
    if (listMarker(value) !== listMarker(translated))
      problems.push(`list marker differs in my: ${key}`);
  }
  return problems;
}
