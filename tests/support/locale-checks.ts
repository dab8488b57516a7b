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
 * Latin words that stay Latin in Burmese text: names of brands, products, operators, wallets,
 * banks and platforms, codes and units, and the name "English" on the language switch. A
 * Burmese value made only of these (and numbers, punctuation, placeholders, URLs, emails) may
 * lack Myanmar script; any other Latin word means it was not translated.
 */
const namesKeptInLatin = [
  // Several words, matched before single words so that "Bank" or "Pay" alone stays English.
  'eSIM Myanmar',
  'AYA Pay',
  'UAB Pay',
  'AYA Bank',
  'UAB Bank',
  'KBZ Bank',
  'CB Bank',
  'Google Gemini',
  // The product, payment and the shop's partners.
  'eSIM',
  'SIM',
  'MMQR',
  'QR',
  'KBZPay',
  'WavePay',
  'KBZ',
  'AYA',
  'UAB',
  'MPT',
  'ATOM',
  'Ooredoo',
  'Mytel',
  // Platforms, devices and services.
  'Viber',
  'Facebook',
  'Telegram',
  'YouTube',
  'TikTok',
  'Instagram',
  'Twitter',
  'Messenger',
  'Google',
  'Gemini',
  'Veo',
  'Apple',
  'Samsung',
  'Galaxy',
  'Pixel',
  'iPhone',
  'iPad',
  'iOS',
  'Android',
  'Wi-Fi',
  // Codes and units.
  'AI',
  'API',
  'JSON',
  'PNG',
  'JPEG',
  'GB',
  'MB',
  'MMK',
  'ICCID',
  'ms',
  // An HTTP method column heading in the API docs: developers know it by that word.
  'Method',
  // The language switch names English in English, as the English page names မြန်မာ in Burmese.
  'English',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keptInLatin = new RegExp(
  `(?<![\\w-])(?:${namesKeptInLatin.map(escapeRegExp).join('|')})(?![\\w-])`,
  'g',
);

/** Text that is not language: placeholders, markup, link targets, code, URLs and emails. */
const notLanguage = (text: string) =>
  text
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/<\/?[\w-]+\s*\/?>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\b(?:https?|mailto|viber|tel):\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');

/**
 * The Latin words of a Burmese value that are not kept in Latin on purpose (see
 * namesKeptInLatin). A word with a digit or an underscore is a code (S20, VITE_GEMINI_API_KEY).
 */
export function untranslatedWords(burmese: string): string[] {
  const words = notLanguage(burmese)
    .replace(keptInLatin, ' ')
    .match(/[\w'’-]*[A-Za-z][\w'’-]*/g);
  return (words ?? []).filter((word) => !/[\d_]/.test(word));
}

/**
 * The English names among `names` (the plans' English names, purchase:plans.names) that a
 * Burmese text still uses: each plan has a Burmese name (decision 133), in every Burmese text,
 * Myanmar script around it or not.
 */
export function englishNamesIn(burmese: string, names: readonly string[]): string[] {
  return names.filter((name) =>
    new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`).test(burmese),
  );
}

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

/**
 * Why a Burmese value needs Myanmar script and has none: its English is prose, or it has Latin
 * words that are not names, codes or units (an untranslated "Help center" or "Start over").
 */
function missingScript(english: unknown, burmese: string): string | null {
  if (myanmarScript.test(burmese)) return null;
  if (typeof english === 'string' && isProse(english)) return '';
  const words = untranslatedWords(burmese);
  return words.length > 0 ? ` (English words: ${words.join(', ')})` : null;
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
    if (typeof value !== 'string') continue;
    if (value.trim() === '') problems.push(`empty in my: ${key}`);
    const missing = missingScript(english[key], value);
    if (missing !== null) problems.push(`no Myanmar script in my: ${key}${missing}`);
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
