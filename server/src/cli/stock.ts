import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { serverHolding } from '../db/data-dir-lock';
import { DEMO_SMDP_HOST, topUpDemoStock } from '../delivery/demo-stock';
import { importStock, stockReport } from '../delivery/stock';
import { runCli, withDatabase } from './run';

/**
 * `npm run stock -- import file.csv | report`: the eSIM stock in the same database as the
 * server (DATA_DIR or DATABASE_URL; migrations run first). A file with any problem is refused
 * whole, every problem listed with its line. With the embedded database (PGlite), stop the
 * server first: one folder is opened by one process at a time.
 */

const USAGE = `Usage:
  npm run stock -- import <file.csv>   add profiles (header operator,plan,iccid,activation_code)
  npm run stock -- demo [N]            keep N demo profiles (default 5) in stock per operator and plan
  npm run stock -- report              profiles per operator and plan, and waiting orders`;

/** Demo profiles kept in stock per operator and plan when no N is given. */
const DEMO_PER_PLAN = 5;

async function main(args: string[]): Promise<number> {
  const [command, file] = args;
  if (command !== 'import' && command !== 'report' && command !== 'demo') {
    console.error(USAGE);
    return 2;
  }
  const perPlan = command === 'demo' ? Number(file ?? DEMO_PER_PLAN) : 0;
  if (command === 'demo' && (!Number.isInteger(perPlan) || perPlan < 1 || perPlan > 1000)) {
    console.error('demo takes a number of profiles per operator and plan, 1 to 1000.');
    return 2;
  }
  if (command === 'import' && !file) {
    console.error('import needs the CSV file.');
    return 2;
  }
  const text = command === 'import' ? readFileSync(file!, 'utf8') : '';
  const config = loadConfig(process.env);
  const holder = command === 'import' && !config.databaseUrl ? serverHolding(config.dataDir) : null;
  if (holder) {
    console.error(
      `The embedded database in ${config.dataDir} is in use by the API server (pid ${holder.pid}), ` +
        'which holds the embedded database until it stops. Either stop the server first and run ' +
        `this again, or import through it: POST http://${holder.address.host}:${holder.address.port}/api/staff/stock, ` +
        'or the staff page (/#/staff).',
    );
    return 1;
  }
  return withDatabase(config, async (deps) => {
    if (command === 'demo') {
      const result = await topUpDemoStock(deps, perPlan);
      console.log(
        `Added ${result.added} demo profile${result.added === 1 ? '' : 's'} ` +
          `(${perPlan} in stock per operator and plan, SM-DP+ ${DEMO_SMDP_HOST}: they install nothing); ` +
          `${result.deliveredWaiting} waiting order${result.deliveredWaiting === 1 ? '' : 's'} got one. ` +
          'Only receipts decided by the demo script (no GEMINI_API_KEY) get demo profiles.',
      );
    } else if (command === 'import') {
      const result = await importStock(deps, text);
      console.log(
        `Imported ${result.imported} profile${result.imported === 1 ? '' : 's'}; ` +
          `${result.deliveredWaiting} waiting order${result.deliveredWaiting === 1 ? '' : 's'} got one.`,
      );
    } else {
      const report = await stockReport(deps);
      if (report.stock.length === 0) console.log('No profiles yet.');
      else {
        const rows = [
          ['operator', 'plan', 'in stock', 'assigned', 'delivered', 'withdrawn'],
          ...report.stock.map((line) =>
            [
              line.operatorId,
              line.planId,
              line.inStock,
              line.assigned,
              line.delivered,
              line.withdrawn,
            ].map(String),
          ),
        ];
        const widths = rows[0]!.map((_, column) =>
          Math.max(...rows.map((row) => row[column]!.length)),
        );
        for (const row of rows)
          console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
      }
      console.log(`Orders waiting for stock: ${report.waitingOrders}`);
      for (const line of report.sources) {
        console.log(
          line.source === 'es2plus'
            ? `${line.operatorId}: ordered from ${line.smdpHost} over ES2+ (${line.plans.join(', ')}; other plans from stock)`
            : `${line.operatorId}: stock`,
        );
      }
    }
    return 0;
  });
}

runCli(main);
