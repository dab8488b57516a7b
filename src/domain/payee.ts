/**
 * Who a receipt says was paid (issue #23 item 1, decision 068). Banks print the merchant's name
 * in their own way ("ESIM MYANMAR", "eSIM Myanmar Co., Ltd.", the Burmese name), so the names a
 * shop accepts are a list, and a name is compared without case, spaces or punctuation. Burmese
 * vowel signs and tone marks are letters here (Unicode marks) and are kept; only its section
 * marks (၊ ။) and spaces go.
 */

/** Spaces, punctuation, symbols and hidden characters (zero-width spaces, bidi marks). */
const IGNORED = /[\p{Z}\p{P}\p{S}\p{Cc}\p{Cf}\s]/gu;

/** A payee name in the form names are compared in: NFKC, ASCII digits, lower case, letters and digits only. */
export function normalizePayeeName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKC')
    .replace(/[\u1040-\u1049]/g, (digit) => String(digit.charCodeAt(0) - 0x1040))
    .toLowerCase()
    .replace(IGNORED, '');
}

/** What a model writes when a receipt shows no payee: the payee was not shown. */
const NOT_SHOWN = /^(?:na|none|null|nil|unknown|notshown|notvisible|notavailable|hidden)$/;

/** The payee name as read, or null when the receipt shows none. */
export function shownPayeeName(name: string | null | undefined): string | null {
  const text = (name ?? '')
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  const plain = normalizePayeeName(text);
  return plain === '' || NOT_SHOWN.test(plain) ? null : text.replace(/\s+/g, ' ');
}

/** Whether `name` is one of the shop's payee names (compared as normalizePayeeName does). */
export function isShopPayee(name: string, shopNames: readonly string[]): boolean {
  const plain = normalizePayeeName(name);
  return plain !== '' && shopNames.some((shop) => normalizePayeeName(shop) === plain);
}

/**
 * The shop's payee names from a comma-separated setting (`MERCHANT_PAYEE_NAMES`), or, when it
 * is empty, the MMQR merchant name(s) the payment code carries.
 */
export function payeeNames(
  setting: string | null | undefined,
  merchantNames: readonly (string | null | undefined)[],
): string[] {
  const listed = (setting ?? '').split(',').map((name) => name.trim());
  const names = listed.some(Boolean) ? listed : merchantNames.map((name) => name?.trim() ?? '');
  return [...new Set(names.filter((name) => normalizePayeeName(name) !== ''))];
}
