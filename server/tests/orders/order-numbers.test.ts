import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isOrderNumber } from '#domain/order-number';
import { openDatabase } from '../../src/db/database';
import { SPARE_VALUES } from '../../src/orders/order-spares';
import { createOrder, suffixOf } from '../../src/orders/orders';
import { newOrder } from '../support/shop';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, testStore, truncateAll, type TestDatabase } from '../support/test-app';

/**
 * Order numbers from a sequence (issue #28 point 3, decisions 083, 109): no per-second counter
 * row, the bare number for the first order of a second, a suffix from `order_number_suffixes` for
 * the others, unique across every copy of the server; a suffixed order takes a spare value for
 * the next one of its second.
 */
type Row = Record<string, unknown>;
const input = newOrder('numbers@example.com');

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
  });
  afterAll(() => database.drop());
  // A new app per test: its runtime holds no spare of the sequence the emptying started again.
  beforeEach(async () => {
    await truncateAll(database);
    t = await createTestApp({ database });
  });
  const rows = (sql: string, params: unknown[] = []) =>
    database.rawTransaction((tx) => tx.query<Row>(sql, params));

  /**
   * The sequence's last value given: every value taken so far, used or held as a spare (0 when
   * none was: the tables' TRUNCATE … RESTART IDENTITY starts the sequence again).
   */
  const lastValue = async () => {
    const [sequence] = await rows('SELECT last_value, is_called FROM order_number_suffixes');
    return sequence?.is_called ? Number(sequence.last_value) : 0;
  };

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
    // The first order took no value. The second took its own (1) and a spare (2), which the third
    // used, taking the next spare (3) for a later order of the same second (decision 109).
    const [sequence] = await rows('SELECT last_value, is_called FROM order_number_suffixes');
    expect(Number(sequence?.last_value)).toBe(3);
    expect(sequence?.is_called).toBe(true);
    const [table] = await rows("SELECT to_regclass('order_number_seconds') AS found");
    expect(table?.found).toBeNull();
  });

  it('skips a suffix its second already has (the sequence came round), a spare’s too, and takes the next', async () => {
    t.clock.advance(5_000); // a second of its own: no spare of another test's second
    const bare = (await createOrder(t.deps, input)).row.number;
    const second = (await createOrder(t.deps, input)).row.number;
    // The second order took one value for its suffix and one spare: the last one taken.
    const spare = await lastValue();
    expect(second).toBe(`${bare}-${suffixOf(spare - 1)}`);
    // The sequence comes round: its next value folds onto the spare's suffix.
    await rows('SELECT setval($1, $2)', ['order_number_suffixes', spare + 9_997]);
    expect(suffixOf(spare + 9_998)).toBe(suffixOf(spare));
    // The third order writes the spare's suffix and takes that next value as its spare, which
    // this second now has: the fourth order is refused it and takes the value after.
    expect((await createOrder(t.deps, input)).row.number).toBe(`${bare}-${suffixOf(spare)}`);
    expect((await createOrder(t.deps, input)).row.number).toBe(`${bare}-${suffixOf(spare + 1)}`);
    expect(await lastValue()).toBe(spare + 10_000);
  });

  it('lets a second’s spare go when the second ends: no value is held longer', async () => {
    t.clock.advance(10_000);
    await createOrder(t.deps, input);
    await createOrder(t.deps, input);
    const spare = await lastValue();
    t.clock.advance(1_000);
    const bare = (await createOrder(t.deps, input)).row.number;
    // The new second's first suffixed order takes a new value; the last second's spare is a gap.
    expect((await createOrder(t.deps, input)).row.number).toBe(`${bare}-${suffixOf(spare + 1)}`);
    expect(await lastValue()).toBe(spare + 2);
  });

  it.skipIf(testStore !== 'postgres')(
    'gives 200 orders of one second from two copies of the server 200 numbers, one of them bare, with no more gaps than the spares they hold',
    { timeout: 120_000 },
    async () => {
      // A second copy: its own pool of connections on the same database.
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        t.clock.advance(20_000); // a second of its own
        const before = await lastValue();
        const copies = [t.deps, { ...t.deps, database: other }];
        const made = await Promise.all(
          Array.from({ length: 200 }, (_, index) => createOrder(copies[index % 2]!, input)),
        );
        const numbers = made.map(({ row }) => row.number);
        expect(new Set(numbers).size).toBe(200);
        expect(numbers.every(isOrderNumber)).toBe(true);
        expect(numbers.filter((number) => number === '#NXR-20261123-163020')).toHaveLength(1);
        const suffixes = numbers
          .filter((number) => number !== '#NXR-20261123-163020')
          .map((number) => Number(number.split('-').at(-1)))
          .sort((a, b) => a - b);
        // Every value the sequence gave is a suffix of this second, or a spare a copy still holds
        // for it (decision 109): at most SPARE_VALUES a copy.
        const taken = Array.from({ length: (await lastValue()) - before }, (_, index) =>
          suffixOf(before + 1 + index),
        );
        expect(new Set(suffixes).size).toBe(199);
        expect(suffixes.every((suffix) => taken.includes(suffix))).toBe(true);
        expect(taken.length - 199).toBeLessThanOrEqual(2 * SPARE_VALUES);
      } finally {
        await other.close();
      }
    },
  );
});
