import { safeError } from '../platform/log-safe';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { aiHealth } from '../db/schema';
import { preparedStatement } from '../db/prepared';

export type AiTask = 'receipt' | 'chat' | 'compatibility' | 'support' | 'image' | 'video';

/**
 * The health note's upsert, prepared once per database (decision 105: every receipt decision
 * writes one). A note for GET /status: its commit does not wait for the WAL's flush.
 */
const upsertHealth = preparedStatement((db) =>
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

/**
 * Remembers the AI service's last answer for a task (GET /status shows it). Never fails the
 * caller: a health note that cannot be written is only logged.
 */
export async function recordAiResult(
  deps: Pick<Deps, 'database' | 'now' | 'logger' | 'metrics'>,
  result: { task: AiTask; ok: boolean; latencyMs: number; message: string },
): Promise<void> {
  deps.metrics?.aiCall(result.task, result.ok);
  const row = {
    task: result.task,
    ok: result.ok,
    latencyMs: Math.max(0, Math.round(result.latencyMs)),
    message: result.message.slice(0, 200),
    checkedAt: new Date(deps.now()),
  };
  try {
    await upsertHealth(deps.database).execute(row);
  } catch (error) {
    deps.logger.warn({ task: result.task, err: safeError(error) }, 'AI health not recorded');
  }
}
