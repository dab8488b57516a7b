import { sql } from 'drizzle-orm';
import { preparedStatement } from '../db/prepared';
import { aiHealth } from '../db/schema';

/**
 * The health note's upsert, prepared once per database (decision 105: every receipt decision
 * writes one). A note for GET /status: its commit does not wait for the WAL's flush.
 */
export const upsertHealth = preparedStatement((db) =>
  db
    .insert(aiHealth)
    .values({
      task: sql.placeholder('task'),
      ok: sql.placeholder('ok'),
      latencyMs: sql.placeholder('latencyMs'),
      message: sql.placeholder('message'),
      checkedAt: sql.placeholder('checkedAt'),
    })
    .onConflictDoUpdate({
      target: aiHealth.task,
      set: {
        ok: sql`excluded.ok`,
        latencyMs: sql`excluded.latency_ms`,
        message: sql`excluded.message`,
        checkedAt: sql`excluded.checked_at`,
      },
    })
    .returning({ relaxed: sql`set_config('synchronous_commit', 'off', true)` })
    .prepare('ai_health_upsert'),
);
