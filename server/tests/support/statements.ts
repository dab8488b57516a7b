import { NoopLogger } from 'drizzle-orm';
import { vi } from 'vitest';

/**
 * The statements the app sends through Drizzle while `work` runs, as Drizzle logs each one
 * (every prepared or built query, on either store). A transaction's `begin`, `commit` and
 * `rollback` are left out: Drizzle sends them as statements on PostgreSQL, while PGlite's own
 * transaction sends them unlogged, so the list is the same on both stores. Statements the
 * tests' helpers send themselves (sqlRows) do not pass through Drizzle and are not counted.
 */
export async function statementsOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  // Drizzle calls logQuery(query, params); NoopLogger declares it without them.
  const spy = vi
    .spyOn(NoopLogger.prototype, 'logQuery')
    .mockImplementation((...args: unknown[]) => {
      const query = String(args[0]);
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) statements.push(query);
    });
  try {
    const result = await work();
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

/** A statement's first words, for a readable list: `with hit as (insert into "rate_limit_windows"` → `with hit`. */
export const statementName = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 60);
