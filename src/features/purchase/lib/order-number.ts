const two = (value: number) => String(value).padStart(2, '0');

/** `#NXR-YYYYMMDD-HHMMSS` from the local time of `date` (SPEC §3). */
export function createOrderNumber(date: Date): string {
  const day = `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
  const time = `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
  return `#NXR-${day}-${time}`;
}

/** Whether `text` has the shape of an order number. */
export const isOrderNumber = (text: string) => /^#NXR-\d{8}-\d{6}$/.test(text);

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
