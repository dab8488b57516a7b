import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findPlan } from '#domain/catalogue';
import { isOrderNumber } from '#domain/order-number';
import { openDatabase } from '../../src/db/database';
import { createOrder, suffixOf } from '../../src/services/orders';
import { createTestApp, T0, type TestApp } from '../support/test-app';
import { createTestDatabase, testStore, truncateAll, type TestDatabase } from '../support/test-app';

/**
 * Order numbers from a sequence (issue #28 point 3, decision 083): no per-second counter row,
 * the bare number for the first order of a second, a suffix from `order_number_suffixes` for
 * the others, unique across every copy of the server.
 */
type Row = Record<string, unknown>;
const plan = findPlan('power-30')!;
const input = {
  plan,
  operatorId: 'mpt' as const,
  contact: { kind: 'email' as const, value: 'numbers@example.com' },
  language: 'en' as const,
};

describe('suffixOf', () => {
  it('folds the sequence into -2 … -9999, the longest number MMQR holds', () => {
    expect(suffixOf(1)).toBe(2);
    expect(suffixOf(2)).toBe(3);
    expect(suffixOf(9_998)).toBe(9_999);
    expect(suffixOf(9_999)).toBe(2);
    expect(isOrderNumber(`#NXR-20261123-163000-${suffixOf(123_456_789)}`)).toBe(true);
  });
});

describe(`order numbers from a sequence (${testStore})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ database });
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await truncateAll(database);
    t.clock.set(T0);
  });
  const rows = (sql: string, params: unknown[] = []) =>
    database.rawTransaction((tx) => tx.query<Row>(sql, params));

  it('keeps no row per second: the later orders of a second take the sequence', async () => {
    const numbers = [];
    for (let index = 0; index < 3; index += 1) {
      numbers.push((await createOrder(t.deps, input)).row.number);
    }
    expect(numbers).toEqual([
      '#NXR-20261123-163000',
      '#NXR-20261123-163000-2',
      '#NXR-20261123-163000-3',
    ]);
    // The first order took no value; each later one took one.
    const [sequence] = await rows('SELECT last_value, is_called FROM order_number_suffixes');
    expect(Number(sequence?.last_value)).toBe(2);
    expect(sequence?.is_called).toBe(true);
    const [table] = await rows("SELECT to_regclass('order_number_seconds') AS found");
    expect(table?.found).toBeNull();
  });

  it('skips a suffix its second already has (the sequence came round) and takes the next', async () => {
    await createOrder(t.deps, input);
    expect((await createOrder(t.deps, input)).row.number).toBe('#NXR-20261123-163000-2');
    // The next value folds onto -2 again, which this second has: the one after it, -3.
    await rows("SELECT setval('order_number_suffixes', 9998)");
    expect((await createOrder(t.deps, input)).row.number).toBe('#NXR-20261123-163000-3');
  });

  it.skipIf(testStore !== 'postgres')(
    'gives 200 orders of one second from two copies of the server 200 numbers, one of them bare',
    { timeout: 120_000 },
    async () => {
      // A second copy: its own pool of connections on the same database.
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        const copies = [t.deps, { ...t.deps, database: other }];
        const made = await Promise.all(
          Array.from({ length: 200 }, (_, index) => createOrder(copies[index % 2]!, input)),
        );
        const numbers = made.map(({ row }) => row.number);
        expect(new Set(numbers).size).toBe(200);
        expect(numbers.every(isOrderNumber)).toBe(true);
        expect(numbers.filter((number) => number === '#NXR-20261123-163000')).toHaveLength(1);
        const suffixes = numbers
          .filter((number) => number !== '#NXR-20261123-163000')
          .map((number) => Number(number.split('-').at(-1)))
          .sort((a, b) => a - b);
        expect(suffixes).toEqual(Array.from({ length: 199 }, (_, index) => index + 2));
      } finally {
        await other.close();
      }
    },
  );
});
