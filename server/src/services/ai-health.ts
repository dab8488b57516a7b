import { safeError } from '../log-safe';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { aiHealth } from '../db/schema';

export type AiTask = 'receipt' | 'chat' | 'compatibility' | 'support' | 'image' | 'video';

/**
 * Remembers the AI service's last answer for a task (GET /status shows it). Never fails the
 * caller: a health note that cannot be written is only logged.
 */
export async function recordAiResult(
  deps: Pick<Deps, 'database' | 'now' | 'logger'>,
  result: { task: AiTask; ok: boolean; latencyMs: number; message: string },
): Promise<void> {
  const row = {
    task: result.task,
    ok: result.ok,
    latencyMs: Math.max(0, Math.round(result.latencyMs)),
    message: result.message.slice(0, 200),
    checkedAt: new Date(deps.now()),
  };
  try {
    await deps.database.db
      .insert(aiHealth)
      .values(row)
      .onConflictDoUpdate({
        target: aiHealth.task,
        set: {
          ok: sql`excluded.ok`,
          latencyMs: sql`excluded.latency_ms`,
          message: sql`excluded.message`,
          checkedAt: sql`excluded.checked_at`,
        },
      })
      // A note for GET /status: its commit does not wait for the WAL's flush (decision 105).
      .returning({ relaxed: sql`set_config('synchronous_commit', 'off', true)` });
  } catch (error) {
    deps.logger.warn({ task: result.task, err: safeError(error) }, 'AI health not recorded');
  }
}
