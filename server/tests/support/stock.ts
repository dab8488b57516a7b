import { createApiKey } from '../../src/platform/api-keys';
import { luhnCheckDigit } from '../../src/delivery/stock-csv';
import type { TestApp } from './test-app';

/** A valid ICCID (19 digits, 89…, Luhn) for the n-th test profile of a batch. */
export function iccid(n: number, batch = 1): string {
  const body = `8995${String(batch).padStart(4, '0')}${String(n).padStart(10, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export const activationCode = (n: number, batch = 1) =>
  `LPA:1$smdp.example.com$K2-${batch}-${String(n).padStart(6, '0')}-TEST`;

/** The stock report's sources when every operator is served from stock (the default). */
export const STOCK_SOURCES = ['mpt', 'atom', 'ooredoo', 'mytel'].map((operatorId) => ({
  operatorId,
  source: 'stock',
  smdpHost: null,
  plans: [],
}));

export const STOCK_HEADER = 'operator,plan,iccid,activation_code';

/** A stock file of `count` good profiles. */
export function stockCsv(
  count: number,
  options: { operator?: string; plan?: string; batch?: number; from?: number } = {},
): string {
  const { operator = 'MPT', plan = 'power-30', batch = 1, from = 0 } = options;
  const lines = [STOCK_HEADER];
  for (let n = from; n < from + count; n += 1) {
    lines.push(`${operator},${plan},${iccid(n, batch)},${activationCode(n, batch)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A staff key made as `npm run api-key -- create --staff` makes it. */
export async function staffKey(t: TestApp): Promise<string> {
  return (await createApiKey(t.deps, 'staff test', 'staff')).key;
}

/** POST /api/staff/stock with a CSV body. */
export function postStock(t: TestApp, key: string, csv: string) {
  return t.app.request('/api/staff/stock', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
}
