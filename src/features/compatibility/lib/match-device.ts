import { asciiDigits } from '#domain/digits';
import { deviceTable } from '../../../config/devices/device-table';
import type { DeviceEntry } from '../../../config/devices/device-table';

export type DeviceMatch = { entry: DeviceEntry };

/** Words that name a maker. If the input names one, only that maker's devices may match. */
const MAKER_BY_WORD: Readonly<Record<string, string>> = {
  apple: 'apple',
  iphone: 'apple',
  samsung: 'samsung',
  galaxy: 'samsung',
  sm: 'samsung',
  google: 'google',
  pixel: 'google',
  motorola: 'motorola',
  razr: 'motorola',
  oneplus: 'oneplus',
  xiaomi: 'xiaomi',
  mi: 'xiaomi',
  redmi: 'xiaomi',
  poco: 'xiaomi',
  huawei: 'huawei',
  oppo: 'oppo',
  sony: 'sony',
  xperia: 'sony',
  nokia: 'nokia',
  fairphone: 'fairphone',
  // Makers with no device in the table, so that 'vivo S20' or 'Honor X9' never match.
  vivo: 'vivo',
  realme: 'realme',
  honor: 'honor',
  tecno: 'tecno',
  infinix: 'infinix',
  itel: 'itel',
  lg: 'lg',
  htc: 'htc',
  zte: 'zte',
  asus: 'asus',
  lenovo: 'lenovo',
  meizu: 'meizu',
};

/** Shorthand and run-together words, rewritten to the table's spelling. */
const TOKEN_REWRITES: Readonly<Record<string, readonly string[]>> = {
  ip: ['iphone'],
  iph: ['iphone'],
  iphon: ['iphone'],
  promax: ['pro', 'max'],
  xsmax: ['xs', 'max'],
  zflip: ['z', 'flip'],
  zfold: ['z', 'fold'],
  moto: ['motorola'],
  first: ['1'],
  second: ['2'],
  third: ['3'],
  gen: [],
  generation: [],
};

const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);

/** A key followed by one of these names another model: 'iPhone 15' inside 'iPhone 15 Pro'. */
const VARIANT_WORDS = new Set([
  ...['pro', 'max', 'plus', 'ultra', 'mini', 'fe', 'lite', 'xl', 'neo', 'edge', 'air'],
  ...['fold', 'flip', 'prime', 'se', 'a', 'c', 'e', 'r', 's', 't', 'u'],
]);

/** A key preceded by one of these names a tablet or watch: 'Galaxy Tab S9' is not 'Galaxy S9'. */
const OTHER_PRODUCT_WORDS = new Set(['tab', 'watch', 'book', 'buds', 'pad', 'ipad']);

/**
 * Canonical spelling for matching: lower case, ASCII words and numbers split apart
 * ('iPhone15ProMax' -> 'iphone 15 pro max', 'SM-S918B' -> 'sm s 918 b'), storage sizes and
 * Burmese letters dropped, Burmese digits kept as ASCII.
 */
export function normalizeModel(input: string): string {
  const text = asciiDigits(input.normalize('NFKC').toLowerCase())
    .replace(/\+/g, ' plus ')
    .replace(/\d+\s*[gt]b\b/g, ' ')
    .replace(/\bsm(?=[a-z]\d{3})/g, 'sm ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/([a-z])(?=\d)|(\d)(?=[a-z])/g, '$1$2 ');

  const tokens: string[] = [];
  for (const token of text.split(' ')) {
    const previous = tokens.at(-1);
    if (token === '') continue;
    if (ORDINAL_SUFFIXES.has(token) && previous !== undefined && /^\d+$/.test(previous)) continue;
    if (token === 'phone' && previous === 'i') tokens[tokens.length - 1] = 'iphone';
    else if (token === 'plus' && previous === 'one') tokens[tokens.length - 1] = 'oneplus';
    else tokens.push(...(TOKEN_REWRITES[token] ?? [token]));
  }
  return tokens.join(' ');
}

type SearchKey = { tokens: readonly string[]; text: string; entry: DeviceEntry; maker: string };

/**
 * The normalized names an entry answers to: its name, its aliases and, for Samsung, the
 * same without 'Galaxy' ('samsung s 23 ultra', 's 23 ultra', 'flip 5'). A-series keys keep
 * their brand word, since OPPO and others sell phones called A54 or A35 too.
 */
export function searchKeys(entry: DeviceEntry): string[] {
  const keys = [entry.name, ...(entry.aliases ?? [])].map(normalizeModel);
  if (entry.brand === 'samsung') {
    for (const key of [...keys]) {
      if (!key.startsWith('galaxy ')) continue;
      const rest = key.slice('galaxy '.length);
      keys.push(`samsung ${rest}`);
      if (/^(s|z|note) \d/.test(rest)) keys.push(rest);
      if (/^z (fold|flip) \d/.test(rest)) keys.push(rest.slice('z '.length));
    }
  }
  return [...new Set(keys)];
}

function makerOf(entry: DeviceEntry): string {
  if (entry.brand !== 'other') return entry.brand;
  const firstWord = normalizeModel(entry.name).split(' ')[0] ?? '';
  return MAKER_BY_WORD[firstWord] ?? firstWord;
}

const SEARCH_KEYS: readonly SearchKey[] = deviceTable.flatMap((entry) =>
  searchKeys(entry).map((text) => ({
    tokens: text.split(' '),
    text,
    entry,
    maker: makerOf(entry),
  })),
);

/** Whether `key` occurs in `tokens` as a whole model name, not as the start of a longer one. */
function occursAsModel(tokens: readonly string[], key: readonly string[]): boolean {
  const keyHasNumber = key.some((token) => /^\d/.test(token));
  for (let start = 0; start + key.length <= tokens.length; start++) {
    if (!key.every((token, i) => tokens[start + i] === token)) continue;
    const before = tokens[start - 1];
    const after = tokens[start + key.length];
    if (before !== undefined && OTHER_PRODUCT_WORDS.has(before)) continue;
    if (after !== undefined && VARIANT_WORDS.has(after)) continue;
    // 'Pixel XL 2' or 'iPhone SE 2' is a later generation than 'Pixel XL' or 'iPhone SE'.
    if (after !== undefined && !keyHasNumber && /^\d{1,2}$/.test(after)) continue;
    return true;
  }
  return false;
}

/**
 * The table entry the visitor means, forgiving case, spacing, punctuation and shorthand
 * ('ip15 pro', 's23ultra', 'SM-S918B', 'zflip5'). The longest matching name wins, so
 * 'iPhone 15 Pro' never reads as 'iPhone 15'. Returns null for unknown, ambiguous, empty or
 * Burmese-only text; the page then asks the AI.
 */
export function matchDevice(input: string): DeviceMatch | null {
  const normalized = normalizeModel(input);
  if (normalized === '') return null;
  const tokens = normalized.split(' ');
  const makers = new Set(tokens.flatMap((token) => MAKER_BY_WORD[token] ?? []));

  let best: { entry: DeviceEntry; score: number } | null = null;
  let ambiguous = false;
  for (const key of SEARCH_KEYS) {
    if (makers.size > 0 && !makers.has(key.maker)) continue;
    if (!occursAsModel(tokens, key.tokens)) continue;
    const score = key.tokens.length * 1000 + key.text.length;
    if (best === null || score > best.score) {
      best = { entry: key.entry, score };
      ambiguous = false;
    } else if (score === best.score && key.entry !== best.entry) {
      ambiguous = true;
    }
  }
  return best !== null && !ambiguous ? { entry: best.entry } : null;
}
