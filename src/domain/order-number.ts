const two = (value: number) => String(value).padStart(2, '0');

/** `#NXR-YYYYMMDD-HHMMSS` from the local time of `date` (SPEC §3). */
export function createOrderNumber(date: Date): string {
  const day = `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
  const time = `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
  return `#NXR-${day}-${time}`;
}

/**
 * Whether `text` has the shape of an order number: `#NXR-YYYYMMDD-HHMMSS`, or, for the second
 * and later order the server made in one second, `#NXR-YYYYMMDD-HHMMSS-N` (N from 2, at most
 * four digits, so that the number stays within MMQR's 25-character bill number; decision 069).
 */
export const isOrderNumber = (text: string) => /^#NXR-\d{8}-\d{6}(?:-[1-9]\d{0,3})?$/.test(text);

/** The most orders one second can number: the first, then -2 … -9999. */
export const ORDER_NUMBERS_PER_SECOND = 9999;

/** The order number of the `nth` order (from 1) made in the second `base` names. */
export const nthOrderNumber = (base: string, nth: number) => (nth <= 1 ? base : `${base}-${nth}`);

/**
 * An order number written the way people and banks write it: with or without `#`, spaces or
 * hyphens between the parts, lower case, Myanmar or full-width digits. The canonical
 * `#NXR-YYYYMMDD-HHMMSS[-N]`, or null when `text` is not one order number.
 */
export function parseOrderNumber(text: string | null | undefined): string | null {
  const found = orderNumbersIn(text);
  const whole = /^\s*#?\s*NXR[\s-]*\d{8}[\s-]*\d{6}(?:-\d{1,4})?\s*$/i;
  return found.length === 1 && whole.test(plainDigits(text ?? '')) ? found[0]! : null;
}

/** Text with full-width forms folded (NFKC) and Myanmar digits as ASCII digits. */
function plainDigits(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u1040-\u1049]/g, (digit) => String(digit.charCodeAt(0) - 0x1040));
}

/**
 * Every order number of this shop that a text (a receipt's reference, bill number or note)
 * names, canonical and without repeats. `NXR 20261121 214501` and `nxr-20261121-214501` count;
 * a bare date and time without `NXR` does not.
 */
export function orderNumbersIn(text: string | null | undefined): string[] {
  const pattern = /NXR[\s-]*(\d{8})[\s-]*(\d{6})(?:-(\d{1,4}))?(?!\d)/gi;
  const found = new Set<string>();
  for (const match of plainDigits(text ?? '').matchAll(pattern)) {
    const base = `#NXR-${match[1]}-${match[2]}`;
    found.add(match[3] === undefined ? base : nthOrderNumber(base, Number(match[3])));
  }
  return [...found];
}

/** File name of the downloaded payment QR, e.g. `NXR-20261121-214501-mmqr.png`. */
export const qrFileName = (orderNumber: string) => `${orderNumber.replace(/^#/, '')}-mmqr.png`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A random order id (UUID v4), the webhook's idempotency key beside the human order number,
 * which has one-second resolution in the device's time. `randomUUID` exists only on HTTPS and
 * localhost; elsewhere (a phone testing the dev server on the LAN) the same 122 random bits come
 * from `getRandomValues`.
 */
export function newOrderId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether `text` is an order id as `newOrderId` makes them. */
export const isOrderId = (text: unknown): text is string =>
  typeof text === 'string' && UUID.test(text);
