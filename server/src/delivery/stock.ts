/** Stock files in, stock counts out (issue #17, decision 037): the import and the report. */
import type { Config } from '../config';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { deliverWaiting } from './esim-delivery';
import { parseStockCsv } from './stock-csv';
import {
  insertProfiles,
  profileCountsByShelf,
  profilesWithCodes,
  waitingOrderCount,
  waitingShelves,
} from './queries';

export type ImportResult = { imported: number; deliveredWaiting: number };

const refused = (details: { line: number; problem: string }[]) =>
  new ApiError(
    422,
    'invalid_csv',
    `The file was refused: ${details.length} problem${details.length === 1 ? '' : 's'}. Nothing was imported.`,
    {},
    details,
  );

/** Validates a stock file whole, imports it in one transaction, then serves waiting orders. */
export async function importStock(
  deps: Pick<Deps, 'config' | 'database' | 'now' | 'randomUUID'>,
  text: string,
): Promise<ImportResult> {
  const { rows, problems } = parseStockCsv(text);
  const { db } = deps.database;
  if (rows.length > 0) {
    const known: { iccid: string; activationCode: string }[] = [];
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      known.push(
        ...(await profilesWithCodes(
          db,
          chunk.map((row) => row.iccid),
          chunk.map((row) => row.activationCode),
        )),
      );
    }
    const iccids = new Set(known.map((row) => row.iccid));
    const codes = new Set(known.map((row) => row.activationCode));
    for (const row of rows) {
      if (iccids.has(row.iccid)) {
        problems.push({ line: row.line, problem: `ICCID ${row.iccid} is already in stock.` });
      }
      if (codes.has(row.activationCode)) {
        problems.push({ line: row.line, problem: 'The activation code is already in stock.' });
      }
    }
  }
  if (problems.length > 0) {
    throw refused(problems.sort((a, b) => a.line - b.line));
  }
  const importedAt = new Date(deps.now());
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await insertProfiles(
          tx,
          rows.slice(start, start + 500).map((row) => ({
            id: deps.randomUUID(),
            operatorId: row.operatorId,
            planId: row.planId,
            iccid: row.iccid,
            activationCode: row.activationCode,
            state: 'in_stock' as const,
            importedAt,
          })),
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw refused([
        { line: 1, problem: 'Another import added some of these profiles at the same moment.' },
      ]);
    }
    throw error;
  }
  const deliveredWaiting = await deliverWaiting(deps);
  return { imported: rows.length, deliveredWaiting };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object';) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type StockLine = {
  operatorId: string;
  planId: string;
  inStock: number;
  assigned: number;
  delivered: number;
  withdrawn: number;
};

/** Where an operator's profiles come from (issue #27): its stock, or its SM-DP+ over ES2+. */
export type OperatorSource = {
  operatorId: string;
  source: 'stock' | 'es2plus';
  /** ES2+: the SM-DP+'s host; stock: null. */
  smdpHost: string | null;
  /** ES2+: the plans ordered from the SM-DP+ (the others come from stock). */
  plans: string[];
};

export function operatorSources(config: Config): OperatorSource[] {
  return Object.entries(config.provisioning.operators).map(([operatorId, setting]) =>
    setting.source === 'es2plus'
      ? {
          operatorId,
          source: 'es2plus',
          smdpHost: new URL(setting.url).host,
          plans: Object.keys(setting.profileTypes),
        }
      : { operatorId, source: 'stock', smdpHost: null, plans: [] },
  );
}

export async function stockReport(
  deps: Pick<Deps, 'database' | 'config'>,
): Promise<{ stock: StockLine[]; waitingOrders: number; sources: OperatorSource[] }> {
  const { db } = deps.database;
  const counts = await profileCountsByShelf(db);
  const [waiting] = await waitingOrderCount(db);
  const lines = new Map<string, StockLine>();
  const key = {
    in_stock: 'inStock',
    assigned: 'assigned',
    delivered: 'delivered',
    withdrawn: 'withdrawn',
  } as const;
  for (const row of counts) {
    const id = `${row.operatorId}/${row.planId}`;
    const line = lines.get(id) ?? {
      operatorId: row.operatorId,
      planId: row.planId,
      inStock: 0,
      assigned: 0,
      delivered: 0,
      withdrawn: 0,
    };
    line[key[row.state]] += Number(row.n);
    lines.set(id, line);
  }
  // Waiting orders name a shelf too, even when it never had stock.
  const shelves = await waitingShelves(db);
  for (const shelf of shelves) {
    const id = `${shelf.operatorId}/${shelf.planId}`;
    if (!lines.has(id)) {
      lines.set(id, { ...shelf, inStock: 0, assigned: 0, delivered: 0, withdrawn: 0 });
    }
  }
  const stock = [...lines.values()].sort(
    (a, b) => a.operatorId.localeCompare(b.operatorId) || a.planId.localeCompare(b.planId),
  );
  return {
    stock,
    waitingOrders: Number(waiting?.n ?? 0),
    sources: operatorSources(deps.config),
  };
}
