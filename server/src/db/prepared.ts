import { Param, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/** What a statement of {@link preparedQuery} returns, column by column: a path in the result object and its decoder. */
export type QueryField = { path: string[]; field: PgColumn | SQL | SQL.Aliased };

/**
 * A statement Drizzle's builders cannot say (a data-modifying CTE: several statements in one
 * round trip, decision 101), prepared once per database like {@link preparedStatement}. `query`
 * is built with `sql` and `sql.placeholder(…)` (wrap a placeholder in `param(…, column)` to map
 * its value through a column, as Drizzle's builders do); `fields` names the columns it returns,
 * in their order, and decodes each through its column (a timestamp to a Date), as a Drizzle
 * query does.
 */
export function preparedQuery<Row>(
  name: string,
  build: () => { query: SQL; fields: QueryField[] },
): (database: { db: Db }) => { execute(values: Record<string, unknown>): Promise<Row[]> } {
  return preparedStatement((db) => {
    const { query, fields } = build();
    return db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      dialect.sqlToQuery(query),
      fields,
      name,
      true,
    );
  });
}

const dialect = new PgDialect();

/**
 * A placeholder whose value is mapped through `column` (a Date to its ISO text) and cast to the
 * column's type: in `INSERT … SELECT` or a comparison PostgreSQL cannot infer a parameter's type.
 */
export const columnParam = (name: string, column: Column) =>
  sql`${new Param(sql.placeholder(name), column)}::${sql.raw(column.getSQLType())}`;
