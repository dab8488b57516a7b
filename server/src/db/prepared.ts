import type { Db } from './database';

/**
 * A statement built and prepared once per database instead of once per call (decision 100):
 * Drizzle's query building was a large share of an order's CPU time, and on PostgreSQL a named
 * statement is also parsed and planned once per connection. `build` makes the statement with
 * `sql.placeholder(…)` for every value a call changes; Drizzle still maps each value through
 * its column (a Date to its ISO text), as it does in a query built each time.
 */
export function preparedStatement<T>(build: (db: Db) => T): (database: { db: Db }) => T {
  const kept = new WeakMap<Db, T>();
  return ({ db }) => {
    let statement = kept.get(db);
    if (!statement) {
      statement = build(db);
      kept.set(db, statement);
    }
    return statement;
  };
}
