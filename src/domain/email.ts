/** The longest address an email field takes (RFC 5321's path limit, less the brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The longest part before the @ (RFC 5321). */
const LOCAL_MAX_LENGTH = 64;

/**
 * The part before the @: letters, digits, `.`, `_`, `+` and `-`, no dot at either end or twice
 * in a row. Quotes, `?`, `&`, `=`, `<`, `>`, `%` and the rest of RFC 5322's rarely used
 * characters are refused: they let an address carry a query (`a@b.co?bcc=…`) or markup into a
 * `mailto:` link, an email or the shop's webhook.
 */
const LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;

/** One domain label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The top-level domain: letters, or an internationalised one in punycode (`xn--…`). */
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * SPEC §5's email shape, for every email field of the shop: one @, a dot in the domain, and a
 * sane character set. Surrounding spaces are trimmed; inside, whitespace, control characters,
 * zero-width and bidi marks (U+200E/F, U+202A–U+202E, U+2066–U+2069) fail, since only ASCII
 * passes. Internationalised domains are valid in their punycode form. At most 254 characters.
 */
export function isValidEmail(value: string): boolean {
  const text = value.trim();
  if (text.length > EMAIL_MAX_LENGTH) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  const topLevel = labels.at(-1) ?? '';
  return (
    local.length <= LOCAL_MAX_LENGTH &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(topLevel)
  );
}
