import { safeError } from '../platform/log-safe';
import type { Deps } from '../deps';
import { upsertHealth } from './queries';

export type AiTask = 'receipt' | 'chat' | 'compatibility' | 'support' | 'image' | 'video';

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
