import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './database';
import { schema } from './schema';

/** Runs `run` and resolves with its duration in ms (one decimal). */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * PostgreSQL through a `pg` pool, as the Node server (DATABASE_URL) and the Workers entry (over
 * Hyperdrive) both use it. This module loads neither PGlite nor the file system, so a Worker
 * can import it.
 */
export function openPostgres(options: {
  connectionString: string;
  max: number;
  waitMs?: number | undefined;
}): Database {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    // How long a request waits for one of the pool's connections, queueing included: under a
    // burst (100 receipts at once on 10 connections, on a busy machine) 5 s ran out and a paid
    // buyer got a 500. A server that cannot be reached still fails at once (ECONNREFUSED); one
    // that does not answer at all fails here, as 503 database_unavailable (errors.ts).
    connectionTimeoutMillis: options.waitMs ?? 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    db: drizzle({ client: pool, schema }) as unknown as Db,
    async rawTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          exec: async (sql) => void (await client.query(sql)),
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    ping: () => timed(() => pool.query('SELECT 1')),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.max,
    }),
    close: () => pool.end(),
  };
}
