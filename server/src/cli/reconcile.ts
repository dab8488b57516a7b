import { readFileSync } from 'node:fs';
import {
  importStatement,
  reconciliationReport,
  type ReconciliationReport,
  type StatementImport,
} from '../payments/reconciliation';
import { readMapping, type StatementMapping } from '../payments/statement-csv';
import { runCli, withDatabase } from './run';
import { flag, staffCall, targetOf } from './staff-client';

/**
 * `npm run reconcile -- import statement.csv [--columns mapping.json]` and `… report`: the
 * merchant account's statement against the paid orders (issue #23 item 3, decision 071).
 * Through the running server (`--server URL` with STAFF_API_KEY or `--key-file FILE`), or
 * straight to DATABASE_URL / DATA_DIR when no server holds the embedded database.
 */

const USAGE = `Usage:
  npm run reconcile -- import <statement.csv> [--columns mapping.json] [--server URL --key-file FILE]
  npm run reconcile -- report [--server URL --key-file FILE]
(the staff key: STAFF_API_KEY or --key-file, never on the command line)
The statement's header: transaction_id,amount,paid_at,payer,reference (or map another bank's
columns with --columns: {"columns": {"transaction_id": "Txn ID", ...}, "dateFormat": "DD/MM/YYYY HH:mm"}).`;

function printImport(result: StatementImport) {
  console.log(
    `Imported ${result.imported} line${result.imported === 1 ? '' : 's'} ` +
      `(${result.alreadyImported} imported before, unchanged). Confirmed ${result.confirmed}, ` +
      `mismatch ${result.mismatch}, unmatched ${result.unmatched}, suspect ${result.suspect}; ` +
      `${result.released} held eSIM${result.released === 1 ? '' : 's'} released.`,
  );
}

function printReport(report: ReconciliationReport) {
  const { counts } = report;
  console.log(
    `confirmed ${counts.confirmed}  mismatch ${counts.mismatch}  unconfirmed ${counts.unconfirmed}  ` +
      `suspect ${counts.suspect}  unmatched ${counts.unmatched}`,
  );
  const open = report.orders.filter((order) => order.bankState !== 'confirmed');
  if (open.length > 0) console.log('\nOrders not confirmed by the bank:');
  for (const order of open) {
    console.log(
      `  ${order.orderNumber}  ${order.bankState.padEnd(11)}  ${order.deliveryState.padEnd(17)}  ${order.transactionId ?? ''}`,
    );
  }
  if (report.unmatched.length > 0) console.log('\nBank payments without an order:');
  for (const line of report.unmatched) {
    const where = line.line === null ? 'notification' : `line ${line.line}`;
    console.log(
      `  ${where.padEnd(12)}  ${line.transactionId}  ${line.amount} MMK  ${new Date(line.paidAt).toISOString()}`,
    );
  }
}

async function main(args: string[]): Promise<number> {
  const [command, file] = args;
  if (command !== 'import' && command !== 'report') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'import' && (!file || file.startsWith('--'))) {
    console.error('import needs the statement file.');
    return 2;
  }
  const csv = command === 'import' ? readFileSync(file!, 'utf8') : '';
  const columns = flag(args, 'columns');
  const mapping: StatementMapping | undefined = columns
    ? readMapping(JSON.parse(readFileSync(columns, 'utf8')))
    : undefined;
  const target = targetOf(args, `reconcile -- ${command}${command === 'import' ? ` ${file}` : ''}`);
  if (target.kind === 'http') {
    if (command === 'import') {
      const init = mapping
        ? { body: JSON.stringify({ csv, mapping }), type: 'application/json' }
        : { body: csv, type: 'text/csv' };
      printImport(
        await staffCall<StatementImport>(target, '/api/staff/reconciliation/statement', {
          method: 'POST',
          headers: { 'Content-Type': init.type },
          body: init.body,
        }),
      );
    } else printReport(await staffCall<ReconciliationReport>(target, '/api/staff/reconciliation'));
    return 0;
  }
  return withDatabase(target.config, async (deps) => {
    if (command === 'import') printImport(await importStatement(deps, csv, mapping));
    else printReport(await reconciliationReport(deps));
    return 0;
  });
}

runCli(main);
