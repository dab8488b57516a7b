import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { aiBudgets, aiHealth, aiProofs } from '../db/schema';

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

/** Removes the AI budget rows of days before `day` (YYYY-MM-DD, UTC). */
export const deletePastBudgetDays = (db: Db, day: string) =>
  db.delete(aiBudgets).where(lt(aiBudgets.day, day));

/**
 * Counts one call with `tokens` on the client's budget row of `day` and, only when the client is
 * within `clientLimit` after it, on the shop's, in one statement; both rows' counts back (the
 * shop's null when it was not counted).
 */
export async function countAiBudgets(
  db: Db,
  input: {
    clientKey: string;
    shopKey: string;
    day: string;
    tokens: number;
    clientLimit: { requests: number; tokens: number };
  },
): Promise<Record<string, unknown>> {
  const { day } = input;
  const upsert = (key: string, from: ReturnType<typeof sql>) => sql`
    insert into ai_budgets (key, day, requests, tokens)
    select ${key}, ${day}, 1, ${input.tokens}::bigint ${from}
    on conflict (key, day) do update set requests = ai_budgets.requests + 1,
      tokens = ai_budgets.tokens + excluded.tokens
    returning requests, tokens`;
  const result = (await db.execute(sql`
    with client as (${upsert(input.clientKey, sql``)}),
    shop as (${upsert(
      input.shopKey,
      sql`from client where client.requests <= ${input.clientLimit.requests}::integer
        and client.tokens <= ${input.clientLimit.tokens}::bigint`,
    )})
    select (select requests from client)::integer as client_requests,
      (select tokens from client)::bigint as client_tokens,
      (select requests from shop)::integer as shop_requests,
      (select tokens from shop)::bigint as shop_tokens`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows[0] ?? {};
}

/** The AI budget rows of `day` with these keys. */
export const budgetRowsOf = (db: Db, day: string, keys: string[]) =>
  db
    .select()
    .from(aiBudgets)
    .where(and(sql`${aiBudgets.day} = ${day}`, sql`${aiBudgets.key} in ${keys}`));

/** Removes the spent proof signatures whose challenge ended before `now`. */
export const deleteEndedProofs = (db: Db, now: Date) =>
  db.delete(aiProofs).where(lt(aiProofs.expiresAt, now));

/** Spends a proof's signature: a row back the first time, none when it was already spent. */
export const insertSpentProof = (db: Db, proof: { signature: string; expiresAt: Date }) =>
  db
    .insert(aiProofs)
    .values(proof)
    .onConflictDoNothing()
    .returning({ signature: aiProofs.signature });
