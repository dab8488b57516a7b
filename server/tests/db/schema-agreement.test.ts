import { is, SQL } from 'drizzle-orm';
import {
  getTableConfig,
  type IndexedColumn,
  isPgSequence,
  PgDialect,
  PgTable,
  type PgColumn,
  type PgSequence,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawTransaction } from '../../src/db/database';
import * as schemaModule from '../../src/db/schema';
import { createTestDatabase, testStore, type TestDatabase } from '../support/test-app';

/**
 * The table layout is written twice: the SQL of server/migrations (what every production
 * database has) and server/src/db/schema.ts (what the query layer believes). This test applies
 * the migrations to a fresh database, reads its catalogue, and describes both sides in the same
 * words, so that a disagreement shows as a diff:
 * - tables (base tables only; sequences are not tables, schema_migrations is the migrator's);
 * - each column as `<type>[ not null][ default <value>]`, the type as PostgreSQL's format_type
 *   names it (Drizzle's serial types are their integer type with a sequence default);
 * - primary key, unique constraints, foreign keys, indexes (name, method, columns, partial
 *   predicate), and each text column's enum list against its CHECK (… IN (…)) list;
 * - every pgSequence schema.ts declares exists in the database.
 */

const MIGRATOR_TABLES = new Set(['schema_migrations']);

type TableShape = {
  columns: Record<string, string>;
  primaryKey: string[];
  uniques: string[];
  foreignKeys: string[];
  indexes: Record<string, string>;
  enums: Record<string, string[]>;
};

const dialect = new PgDialect();

/**
 * Quotes, table prefixes, casts, parentheses and the case of keywords removed, string literals
 * kept as written: `(sent_at IS NULL)` ≈ `sent_at is null`, `'MMK'::text` ≈ `'MMK'`.
 */
function normaliseExpression(expression: string): string {
  return expression
    .split(/('(?:[^']|'')*')/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/"[a-z0-9_]+"\./gi, '')
            .replace(/"/g, '')
            .replace(/::[a-z ]+?(\[\])?(?=[\s),]|$)/gi, '')
            .replace(/[()]/g, '')
            .replace(/\s+/g, ' ')
            .toLowerCase(),
    )
    .join('')
    .trim();
}

function renderSql(expression: SQL): string {
  const query = dialect.sqlToQuery(expression);
  if (query.params.length > 0) {
    throw new Error(`Write schema.ts's SQL without parameters (got ${query.sql}).`);
  }
  return query.sql;
}

const SQL_TYPE_ALIASES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
  varchar: 'character varying',
  char: 'character',
  timestamp: 'timestamp without time zone',
  time: 'time without time zone',
};

function drizzleType(column: PgColumn): string {
  const type = column.getSQLType().replace(/ \(/g, '(');
  const bare = type.replace(/\(.*\)$/, '');
  const alias = SQL_TYPE_ALIASES[bare];
  return alias ? alias + type.slice(bare.length) : type;
}

function drizzleDefault(column: PgColumn): string | undefined {
  if (/serial$/.test(column.getSQLType())) return 'a sequence';
  const value: unknown = column.default;
  if (value === undefined) return undefined; // none, or a $defaultFn (the query layer's own)
  if (is(value, SQL)) return normaliseExpression(renderSql(value));
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${JSON.stringify(value)}'`;
}

function describeColumn(type: string, notNull: boolean, defaultValue: string | undefined): string {
  return `${type}${notNull ? ' not null' : ''}${defaultValue ? ` default ${defaultValue}` : ''}`;
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

function describeForeignKey(
  columns: string[],
  table: string,
  foreignColumns: string[],
  onDelete: string,
): string {
  const rule = onDelete === 'no action' ? '' : ` on delete ${onDelete}`;
  return `(${columns.join(', ')}) references ${table} (${foreignColumns.join(', ')})${rule}`;
}

function describeIndex(
  unique: boolean,
  method: string,
  columns: string[],
  predicate: string | undefined,
): string {
  const where = predicate ? ` where ${normaliseExpression(predicate)}` : '';
  return `${unique ? 'unique ' : ''}${method} (${columns.join(', ')})${where}`;
}

// ---- schema.ts ------------------------------------------------------------------------------

const exported: unknown[] = Object.values(schemaModule);
const declaredTables = exported.filter((value): value is PgTable => is(value, PgTable));
const declaredSequences = exported.filter((value): value is PgSequence => isPgSequence(value));

function drizzleShape(table: PgTable): TableShape {
  const config = getTableConfig(table);
  const columns: Record<string, string> = {};
  const enums: Record<string, string[]> = {};
  for (const column of config.columns) {
    columns[column.name] = describeColumn(
      drizzleType(column),
      column.notNull,
      drizzleDefault(column),
    );
    if (column.enumValues?.length) enums[column.name] = [...column.enumValues].sort();
  }
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name);
  const uniques = [
    ...config.columns.filter((column) => column.isUnique).map((column) => column.name),
    ...config.uniqueConstraints.map((unique) =>
      unique.columns.map((column) => column.name).join(', '),
    ),
  ].sort();
  const foreignKeys = config.foreignKeys
    .map((foreignKey) => {
      const reference = foreignKey.reference();
      return describeForeignKey(
        reference.columns.map((column) => column.name),
        getTableConfig(reference.foreignTable).name,
        reference.foreignColumns.map((column) => column.name),
        foreignKey.onDelete ?? 'no action',
      );
    })
    .sort();
  const indexes: Record<string, string> = {};
  for (const index of config.indexes) {
    const { name, unique, method, where } = index.config;
    if (!name) throw new Error(`Name every index of ${config.name} as its migration does.`);
    indexes[name] = describeIndex(
      unique,
      method ?? 'btree',
      index.config.columns.map((column) =>
        is(column, SQL)
          ? normaliseExpression(renderSql(column))
          : String((column as IndexedColumn).name),
      ),
      where ? renderSql(where) : undefined,
    );
  }
  return { columns, primaryKey, uniques, foreignKeys, indexes, enums };
}

// ---- the migrated database ------------------------------------------------------------------

type ColumnRow = {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  default: string | null;
};
type ConstraintRow = {
  table: string;
  kind: 'p' | 'u' | 'f' | 'c';
  columns: string;
  foreign_table: string | null;
  foreign_columns: string | null;
  on_delete: string;
  definition: string;
};
type IndexRow = {
  table: string;
  name: string;
  unique: boolean;
  method: string;
  columns: string;
  predicate: string | null;
};

/** The table's columns named by attnum list, in the list's order. */
const attributeNames = (relation: string, numbers: string) => `(
  SELECT string_agg(a.attname, ', ' ORDER BY u.position)
  FROM unnest(${numbers}) WITH ORDINALITY AS u(attnum, position)
  JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = u.attnum)`;

async function readDatabase(tx: RawTransaction) {
  const tables = await tx.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const columns = await tx.query<ColumnRow>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  const constraints = await tx.query<ConstraintRow>(
    `SELECT c.relname AS table, k.contype AS kind,
            ${attributeNames('k.conrelid', 'k.conkey')} AS columns,
            f.relname AS foreign_table,
            ${attributeNames('k.confrelid', 'k.confkey')} AS foreign_columns,
            k.confdeltype AS on_delete, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_class f ON f.oid = k.confrelid
     WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f', 'c')`,
  );
  // Indexes that are not a constraint's own (those are compared as constraints above).
  const indexes = await tx.query<IndexRow>(
    `SELECT c.relname AS table, i.relname AS name, x.indisunique AS unique, am.amname AS method,
            (SELECT string_agg(pg_get_indexdef(x.indexrelid, k, true), ', ' ORDER BY k)
             FROM generate_series(1, x.indnkeyatts) AS k) AS columns,
            pg_get_expr(x.indpred, x.indrelid) AS predicate
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class c ON c.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_am am ON am.oid = i.relam
     WHERE n.nspname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
  );
  // Sequences of their own: a serial column's sequence (its default) belongs to the column; one
  // merely owned by a column for TRUNCATE … RESTART IDENTITY (order_number_suffixes) is its own.
  const sequences = await tx.query<{ name: string }>(
    `SELECT s.relname AS name FROM pg_class s
     JOIN pg_namespace n ON n.oid = s.relnamespace
     WHERE n.nspname = current_schema() AND s.relkind = 'S'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                       JOIN pg_attrdef ad ON ad.adrelid = d.refobjid AND ad.adnum = d.refobjsubid
                       WHERE d.classid = 'pg_class'::regclass AND d.objid = s.oid
                         AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
                         AND pg_get_expr(ad.adbin, ad.adrelid) LIKE 'nextval(%')`,
  );
  return { tables, columns, constraints, indexes, sequences };
}

function databaseDefault(expression: string | null): string | undefined {
  if (expression === null) return undefined;
  if (/^nextval\(/.test(expression)) return 'a sequence';
  return normaliseExpression(expression.replace(/^\((.*)\)$/, '$1'));
}

/** `CHECK ((kind = ANY (ARRAY['order'::text, 'cancel'::text])))` → ['cancel', 'order']. */
function checkList(definition: string): string[] | undefined {
  if (!/= ANY \(\(?ARRAY\[/.test(definition)) return undefined;
  return [...definition.matchAll(/'((?:[^']|'')*)'/g)]
    .map((match) => match[1]!.replace(/''/g, "'"))
    .sort();
}

function databaseShapes(
  catalogue: Awaited<ReturnType<typeof readDatabase>>,
): Record<string, TableShape> {
  const shapes: Record<string, TableShape> = {};
  for (const { name } of catalogue.tables) {
    if (MIGRATOR_TABLES.has(name)) continue;
    shapes[name] = {
      columns: {},
      primaryKey: [],
      uniques: [],
      foreignKeys: [],
      indexes: {},
      enums: {},
    };
  }
  for (const row of catalogue.columns) {
    const shape = shapes[row.table];
    if (shape)
      shape.columns[row.column] = describeColumn(
        row.type,
        row.not_null,
        databaseDefault(row.default),
      );
  }
  for (const row of catalogue.constraints) {
    const shape = shapes[row.table];
    if (!shape) continue;
    const columns = row.columns.split(', ');
    if (row.kind === 'p') shape.primaryKey = columns;
    if (row.kind === 'u') shape.uniques.push(row.columns);
    if (row.kind === 'f')
      shape.foreignKeys.push(
        describeForeignKey(
          columns,
          row.foreign_table ?? '?',
          (row.foreign_columns ?? '').split(', '),
          ON_DELETE[row.on_delete] ?? row.on_delete,
        ),
      );
    const list = row.kind === 'c' && columns.length === 1 ? checkList(row.definition) : undefined;
    if (list) shape.enums[row.columns] = list;
  }
  for (const row of catalogue.indexes) {
    const shape = shapes[row.table];
    if (shape)
      shape.indexes[row.name] = describeIndex(
        row.unique,
        row.method,
        row.columns.split(', ').map(normaliseExpression),
        row.predicate ?? undefined,
      );
  }
  for (const shape of Object.values(shapes)) {
    shape.uniques.sort();
    shape.foreignKeys.sort();
  }
  return shapes;
}

// ---- the comparison -------------------------------------------------------------------------

describe(`the migrations and db/schema.ts agree (${testStore})`, () => {
  let database: TestDatabase;
  let migrated: Record<string, TableShape>;
  let sequences: string[];
  const declared = Object.fromEntries(
    declaredTables.map((table) => [getTableConfig(table).name, drizzleShape(table)]),
  );
  const pick = <K extends keyof TableShape>(
    shapes: Record<string, TableShape>,
    key: K,
  ): Record<string, TableShape[K]> =>
    Object.fromEntries(Object.entries(shapes).map(([name, shape]) => [name, shape[key]]));

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await database.rawTransaction(readDatabase);
    migrated = databaseShapes(catalogue);
    sequences = catalogue.sequences.map((row) => row.name).sort();
  });
  afterAll(() => database?.drop());

  it('have the same tables, and the query layer is given every table schema.ts declares', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
    expect(Object.values(schemaModule.schema)).toEqual(expect.arrayContaining(declaredTables));
    expect(Object.values(schemaModule.schema).filter((value) => !isPgSequence(value))).toHaveLength(
      declaredTables.length,
    );
  });

  it('have the same columns, types, nullability and defaults', () => {
    expect(pick(declared, 'columns')).toEqual(pick(migrated, 'columns'));
  });

  it('have the same primary keys', () => {
    expect(pick(declared, 'primaryKey')).toEqual(pick(migrated, 'primaryKey'));
  });

  it('have the same unique constraints', () => {
    expect(pick(declared, 'uniques')).toEqual(pick(migrated, 'uniques'));
  });

  it('have the same foreign keys', () => {
    expect(pick(declared, 'foreignKeys')).toEqual(pick(migrated, 'foreignKeys'));
  });

  it('have the same indexes (name, method, columns, partial predicate)', () => {
    expect(pick(declared, 'indexes')).toEqual(pick(migrated, 'indexes'));
  });

  it("allow the same values: each text column's enum is its CHECK (… IN …) list", () => {
    expect(pick(declared, 'enums')).toEqual(pick(migrated, 'enums'));
  });

  it('have every sequence schema.ts declares (sequences are not tables)', () => {
    const names = declaredSequences.map((sequence) => sequence.seqName ?? '').sort();
    expect(sequences).toEqual(expect.arrayContaining(names));
  });
});
