import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { migrate, openDatabase } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';

/** What a CLI's services get: the server's database, the real clock and randomness. */
export type CliDeps = Pick<Deps, 'config' | 'database' | 'now' | 'randomUUID' | 'randomBytes'>;

/**
 * Runs a CLI's main and exits with the code it returns. What it throws is printed (the message,
 * and each refused line of a file: a stock file or a statement) and exits 1.
 */
export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError) {
        for (const detail of error.details ?? []) {
          console.error(`  line ${detail.line}: ${detail.problem}`);
        }
      }
      process.exit(1);
    },
  );
}

/**
 * Opens the server's database (DATABASE_URL, or the DATA_DIR folder, made if missing; the
 * embedded one is refused while another process holds it), applies the migrations, runs `work`
 * and closes it.
 */
export async function withDatabase<T>(
  config: Config,
  work: (deps: CliDeps) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    return await work({
      config,
      database,
      now: Date.now,
      randomUUID: () => crypto.randomUUID(),
      randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
    });
  } finally {
    await database.close();
  }
}
