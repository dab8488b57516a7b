/**
 * SPEC §5's email shape, for every email field of the shop: no whitespace, one @, a dot in the
 * domain (and no empty part around a dot).
 */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());
}
