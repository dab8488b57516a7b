import { Param, sql, type Column, type Query, type SQL } from 'drizzle-orm';
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

/**
 * What a statement of {@link preparedQuery} returns, column by column: a path in the result
 * object and its decoder.
 */
export type QueryField = { path: string[]; field: PgColumn | SQL | SQL.Aliased };

/** A database or a transaction: what a {@link preparedQuery} runs on. */
type Session = { _: { session: Db['_']['session'] } };

/**
 * A statement Drizzle's builders cannot say (a data-modifying CTE: several statements in one
 * round trip, decision 101). `query` is built with `sql` and placeholders ({@link columnParam}
 * maps a value through its column, as Drizzle's builders do) once per process; it is prepared
 * once per database, or for a transaction (`{ db: tx }`), on PostgreSQL a named statement
 * parsed once per connection. `fields` names the columns it returns, in their order, and
 * decodes each (a timestamp column to a Date), as a Drizzle query does.
 */
export function preparedQuery<Row>(
  name: string,
  build: () => { query: SQL; fields: QueryField[] },
): (database: { db: Session }) => { execute(values: Record<string, unknown>): Promise<Row[]> } {
  let built: { query: Query; fields: QueryField[] } | undefined;
  const kept = new WeakMap<object, { execute(values: Record<string, unknown>): Promise<Row[]> }>();
  return ({ db }) => {
    let statement = kept.get(db);
    if (!statement) {
      if (!built) {
        const { query, fields } = build();
        built = { query: dialect.sqlToQuery(query), fields };
      }
      statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
        built.query,
        built.fields,
        name,
        true,
      );
      kept.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A placeholder whose value is mapped through `column` (a Date to its ISO text) and cast to the
 * column's type: in `INSERT … SELECT` or a comparison PostgreSQL cannot infer a parameter's type.
 */
export const columnParam = (name: string, column: Column) =>
  sql`${new Param(sql.placeholder(name), column)}::${sql.raw(column.getSQLType())}`;
