import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import type { Deps } from '../../src/deps';
import { ApiError } from '../../src/platform/errors';
import { createOrder as createOrderInService, suffixOf } from '../../src/orders/orders';
import { createOrder, newOrder } from '../support/shop';
import { statementName, statementsOf } from '../support/statements';
import { testStore, useTestApp } from '../support/test-app';

/**
 * Issue #28 point 3 (decisions 101, 105): what an order costs the database, counted in
 * statements rather than timed. An order whose second's bare number is free is one statement
 * (the limit's hit and the order). A process's first later order of that second is two (the hit
 * and the suffix's value, then the order's INSERT, which also takes a spare value); its next ones
 * are one each (the hit and the order with a spare's suffix, decision 109). The statements return
 * the id alone, and the row
 * an order answers with is the row the database holds. A statement that writes no order commits
 * without waiting for the WAL's flush; one that writes the order waits, as every write does.
 */
describe(`an order's statements (${testStore})`, () => {
  const t = useTestApp();

  it('is one statement when its second’s number is free, two for the first suffix of a second, then one', async () => {
    await createOrder(t); // the contact hash's secret is read once per database
    t.clock.advance(1_000);
    const bare = await statementsOf(() => createOrder(t));
    expect(bare.result.order.number).toMatch(/^#NXR-\d{8}-\d{6}$/);
    expect(bare.statements.map(statementName)).toEqual([
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
    ]);
    const suffixed = await statementsOf(() => createOrder(t));
    expect(suffixed.result.order.number).toBe(`${bare.result.order.number}-2`);
    expect(suffixed.statements.map(statementName)).toEqual([
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
      expect.stringMatching(/^with bare as \( select exists \(select 1 from "orders"/),
    ]);
    // This process found the second's bare number taken: the first statement counts the hit and
    // takes the suffix without an INSERT of the bare number (decision 105); the second writes the
    // order and takes a spare value for the next suffixed order (decision 109).
    expect(bare.statements[0]).toContain('insert into "orders"');
    expect(suffixed.statements[0]).not.toContain('insert into "orders"');
    expect(suffixed.statements[0]).toContain("nextval('order_number_suffixes')");
    expect(suffixed.statements[1]).toContain('insert into "orders"');
    expect(suffixed.statements[1]).toContain("nextval('order_number_suffixes')");
    // Neither statement returns the order's columns: the id alone.
    expect(suffixed.statements[1]).toMatch(/returning "id"\s*\)/);
    expect(bare.statements[0]).not.toMatch(/returning "id", "number"/);
    // The next orders of the second: one statement each, the hit and the order with a spare's
    // suffix, which takes the next spare.
    for (const suffix of [3, 4]) {
      const next = await statementsOf(() => createOrder(t));
      expect(next.result.order.number).toBe(`${bare.result.order.number}-${suffix}`);
      expect(next.statements.map(statementName)).toEqual([
        expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
      ]);
      expect(next.statements[0]).toContain('insert into "orders"');
      expect(next.statements[0]).toContain("nextval('order_number_suffixes')");
    }
  });

  it('keeps a spare when the limit refuses the order, and takes no value for it', async () => {
    t.clock.advance(3_000);
    const limit = (limit: number) => ({
      key: 'orders:address:192.0.2.7',
      limit: { limit, windowMs: 600_000 },
      message: 'Too many orders.',
    });
    const lastValue = async () =>
      Number(
        (
          (await t.deps.database.db.execute(
            sql`select last_value from order_number_suffixes`,
          )) as unknown as { rows: { last_value: string }[] }
        ).rows[0]?.last_value,
      );
    const bare = (await createOrderInService(t.deps, newOrder(), limit(3))).row.number;
    await createOrderInService(t.deps, newOrder(), limit(3)); // takes a spare
    const spare = await lastValue();
    const refused = await statementsOf(() =>
      createOrderInService(t.deps, newOrder(), limit(2)).catch((error: unknown) => error),
    );
    expect((refused.result as ApiError).status).toBe(429);
    expect(refused.statements).toHaveLength(1);
    expect(await lastValue()).toBe(spare);
    // The spare is still this process's: the next order within the limit writes its suffix.
    const next = await statementsOf(() => createOrderInService(t.deps, newOrder(), limit(4)));
    expect(next.result.row.number).toBe(`${bare}-${suffixOf(spare)}`);
    expect(next.statements).toHaveLength(1);
  });

  it('counts and then writes an order whose address another order of this process is counting', async () => {
    t.clock.advance(4_000);
    const limit = (address: string) => ({
      key: `orders:address:${address}`,
      limit: { limit: 100, windowMs: 600_000 },
      message: 'Too many orders.',
    });
    const order = (address: string) => createOrderInService(t.deps, newOrder(), limit(address));
    await order('192.0.2.20'); // the second's bare number
    // Two at once: this process holds no spare yet; each takes one as it writes its order.
    await Promise.all([order('192.0.2.21'), order('192.0.2.22')]);
    // Two addresses at once, a spare each: one statement each.
    const apart = await statementsOf(() => Promise.all([order('192.0.2.23'), order('192.0.2.24')]));
    expect(apart.statements.map(statementName)).toEqual([
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
    ]);
    expect(apart.statements.every((statement) => statement.includes('insert into "orders"'))).toBe(
      true,
    );
    // One address twice at once: the first writes its order in its counting statement; the second
    // would wait for that commit's flush on the limit's row, so it counts (a commit that does not
    // wait) and then writes its order with the plain INSERT, as before decision 109.
    const together = await statementsOf(() =>
      Promise.all([order('192.0.2.25'), order('192.0.2.25')]),
    );
    expect(together.statements.map(statementName)).toEqual([
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
      expect.stringMatching(/^with hit as \( insert into "rate_limit_windows"/),
      expect.stringMatching(/^insert into "orders"/),
    ]);
    expect(together.statements[0]).toContain('insert into "orders"');
    expect(together.statements[1]).not.toContain('insert into "orders"');
    const numbers = [...apart.result, ...together.result].map(({ row }) => row.number);
    expect(new Set(numbers).size).toBe(4);
  });

  it('gives the bare number to the first order of a second the process thought taken', async () => {
    t.clock.advance(2_000);
    const first = await createOrder(t);
    expect(first.order.number).toMatch(/^#NXR-\d{8}-\d{6}$/);
    // The order is gone (the tests empty the tables between them); this process saw the number
    // taken in this second, and still the next order takes the bare number, not a suffix.
    await t.deps.database.db.delete(orders).where(eq(orders.id, first.order.id));
    const again = await createOrder(t);
    expect(again.order.number).toBe(first.order.number);
    const next = await createOrder(t);
    expect(next.order.number).toBe(`${first.order.number}-2`);
  });

  it('answers with the row the database holds, for a bare number, a suffix and a partner order', async () => {
    const limit = {
      key: 'orders:address:192.0.2.1',
      limit: { limit: 100, windowMs: 600_000 },
      message: 'Too many orders.',
    };
    const made = [
      await createOrderInService(t.deps, newOrder(), limit),
      await createOrderInService(t.deps, newOrder(), limit),
      await createOrderInService(t.deps, newOrder()),
      await createOrderInService(t.deps, { ...newOrder(), partnerKeyId: crypto.randomUUID() }),
    ];
    expect(made.map(({ row }) => row.number.split('-').length)).toEqual([3, 4, 4, 4]);
    for (const { row } of made) {
      const [stored] = await t.deps.database.db.select().from(orders).where(eq(orders.id, row.id));
      expect(row).toEqual(stored);
    }
  });

  it('commits without waiting for the disk only when its statement wrote no order', async () => {
    await createOrder(t);
    const { db } = t.deps.database;
    /** createOrder inside a transaction that then reads its own synchronous_commit. */
    const settingAfter = (limit: number) =>
      db.transaction(async (tx) => {
        const deps: Deps = { ...t.deps, database: { ...t.deps.database, db: tx as never } };
        const key = 'orders:address:198.51.100.4';
        const made = await createOrderInService(deps, newOrder(), {
          key,
          limit: { limit, windowMs: 600_000 },
          message: 'Too many orders.',
        }).catch((error: unknown) => error);
        const { rows } = (await tx.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        };
        const [setting] = rows;
        return { made, setting: setting?.synchronous_commit };
      });
    t.clock.advance(1_000);
    // The statement wrote the order (its second's bare number): its commit waits.
    const written = await settingAfter(5);
    expect(written.made).not.toBeInstanceOf(Error);
    expect(written.setting).toBe('on');
    // Refused by the limit: nothing but the hit was written.
    const refused = await settingAfter(0);
    expect(refused.made).toBeInstanceOf(ApiError);
    expect((refused.made as ApiError).status).toBe(429);
    expect(refused.setting).toBe('off');
  });
});
