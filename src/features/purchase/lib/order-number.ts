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
