/**
 * Where a Burmese text and its English disagree on a fact a reader acts on (issue #42): the
 * numbers it states (durations, amounts, data, counts; Myanmar digits read as Latin) and a
 * phone's menu path written with ">" (the house style is one arrow, →). Placeholders ({{…}})
 * are left out: the code fills them with the same value in both languages.
 */

const myanmarDigits = '၀၁၂၃၄၅၆၇၈၉';

/** The numbers a text states, in order of value (so that word order does not matter). */
export function numbersIn(text: string): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/[၀-၉]/g, (digit) => String(myanmarDigits.indexOf(digit)));
  return (plain.match(/\d+(?:[.,]\d+)*/g) ?? [])
    .map((number) => number.replace(/,/g, ''))
    .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/** A menu path with ">" between its steps ("Settings > General"). */
const arrowPath = /\S\s+>\s+\S/;

function walk(en: unknown, my: unknown, path: string, found: string[]) {
  if (typeof en === 'string' && typeof my === 'string') {
    const english = numbersIn(en);
    const burmese = numbersIn(my);
    if (english.join(',') !== burmese.join(',')) {
      const list = (numbers: string[]) => (numbers.length ? numbers.join(', ') : 'none');
      found.push(`${path}: numbers ${list(english)} in English, ${list(burmese)} in Burmese`);
    }
    if (arrowPath.test(en)) found.push(`${path}: a ">" menu path in English`);
    if (arrowPath.test(my)) found.push(`${path}: a ">" menu path in Burmese`);
    return;
  }
  if (Array.isArray(en) && Array.isArray(my)) {
    en.forEach((item, index) => walk(item, my[index], `${path}[${index}]`, found));
    return;
  }
  if (en && my && typeof en === 'object' && typeof my === 'object') {
    for (const [key, value] of Object.entries(en)) {
      walk(value, (my as Record<string, unknown>)[key], path ? `${path}.${key}` : key, found);
    }
  }
}

/** Every disagreement between an English bundle and its Burmese, as `key.path: what`. */
export function disagreements(
  en: unknown,
  my: unknown,
  /** Keys read and accepted as they are, each with the reason. */
  accepted: Record<string, string> = {},
): string[] {
  const found: string[] = [];
  walk(en, my, '', found);
  return found.filter((problem) => !(problem.split(':')[0]! in accepted));
}
