import { getTableColumns, sql } from 'drizzle-orm';
import { columnParam, preparedQuery } from '../db/prepared';
import { orders, type OrderRow } from '../db/schema';

/**
 * `UPDATE orders SET … WHERE id = … RETURNING *` of one order, as the payment's transaction
 * writes it (the paid row, the delivery policy's and the delivery's columns). Drizzle's builder
 * made the statement's text again for every call, a large share of a receipt decision's CPU
 * time; here each shape of update (which columns, and which of them are set to null) is built
 * once per process and prepared once per database or for a transaction (decision 105), and its
 * row decoded through the columns as a builder's `returning()` decodes it.
 */
const columns = getTableColumns(orders);
type Key = keyof typeof columns & keyof OrderRow;
const returned = Object.entries(columns).map(([key, column]) => ({ path: [key], field: column }));

type Statement = ReturnType<typeof preparedQuery<OrderRow>>;
const shapes = new Map<string, Statement>();

function statementOf(set: Partial<OrderRow>): { keys: Key[]; statement: Statement } {
  const keys = (Object.keys(set) as Key[]).filter((key) => set[key] !== undefined).sort();
  if (keys.length === 0) throw new Error('updateOrder: no column to set');
  const shape = keys.map((key) => (set[key] === null ? `${key}=null` : key)).join(',');
  let statement = shapes.get(shape);
  if (!statement) {
    const nulls = new Set(keys.filter((key) => set[key] === null));
    statement = preparedQuery<OrderRow>(`order_update_${shapes.size + 1}`, () => ({
      query: sql`update ${orders} set ${sql.join(
        keys.map(
          (key) =>
            sql`${sql.identifier(columns[key].name)} = ${nulls.has(key) ? sql`null` : columnParam(key, columns[key])}`,
        ),
        sql`, `,
      )} where ${sql.identifier(orders.id.name)} = ${columnParam('id', orders.id)}
      returning ${sql.join(
        Object.values(columns).map((column) => sql.identifier(column.name)),
        sql`, `,
      )}`,
      fields: returned,
    }));
    shapes.set(shape, statement);
  }
  return { keys, statement };
}

/** Sets `set`'s columns (undefined ones left alone) of the order `id`; its row after, if any. */
export async function updateOrder(
  database: Parameters<Statement>[0],
  id: string,
  set: Partial<OrderRow>,
): Promise<OrderRow | undefined> {
  const { keys, statement } = statementOf(set);
  const values: Record<string, unknown> = { id };
  for (const key of keys) if (set[key] !== null) values[key] = set[key];
  const [row] = await statement(database).execute(values);
  return row;
}
