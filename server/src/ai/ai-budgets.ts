import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import type { AiTask } from './ai-health';
import { budgetRowsOf, countAiBudgets, deletePastBudgetDays } from './queries';

/**
 * The public AI features' daily budgets (review N1, decision 121): each feature (chat,
 * compatibility, support, image, video) may spend, per UTC day, so many requests and so many
 * estimated input tokens per client, and so many for the whole shop. Counted in the database
 * (ai_budgets, migration 011) before the call goes upstream, so every copy of the server shares
 * them and a budget that is spent fails closed. The receipt check is not a public feature and
 * has none of these: it has its own limits per order and its own model and key.
 */
export type PublicAiTask = Exclude<AiTask, 'receipt'>;
export const PUBLIC_AI_TASKS: readonly PublicAiTask[] = [
  'chat',
  'compatibility',
  'support',
  'image',
  'video',
];

/** One feature's budget per UTC day. */
export type AiBudget = {
  client: { requests: number; tokens: number };
  shop: { requests: number; tokens: number };
};
export type AiBudgets = Record<PublicAiTask, AiBudget>;

const budget = (
  clientRequests: number,
  clientTokens: number,
  shopRequests: number,
  shopTokens: number,
): AiBudget => ({
  client: { requests: clientRequests, tokens: clientTokens },
  shop: { requests: shopRequests, tokens: shopTokens },
});

/**
 * The defaults: a visitor's day of real use fits (a chat of 60 turns at the kept history's
 * 12,000 characters), the shop's day stays far below a Tier-1 project's daily quota, and images
 * and videos, which cost money per call, are a handful.
 */
export const DEFAULT_AI_BUDGETS: AiBudgets = {
  chat: budget(60, 300_000, 5_000, 20_000_000),
  compatibility: budget(30, 60_000, 3_000, 6_000_000),
  support: budget(30, 100_000, 3_000, 10_000_000),
  image: budget(5, 10_000, 200, 400_000),
  video: budget(2, 10_000, 20, 100_000),
};

/**
 * AI_BUDGETS: `task:clientRequests/clientTokens/shopRequests/shopTokens`, comma separated; the
 * tasks not named keep their defaults. Returns the problem of a malformed value.
 */
export function parseAiBudgets(value: string | undefined): AiBudgets | string {
  const budgets: AiBudgets = structuredClone(DEFAULT_AI_BUDGETS);
  for (const item of (value ?? '').split(',').map((part) => part.trim())) {
    if (!item) continue;
    const match = /^([a-z]+):(\d+)\/(\d+)\/(\d+)\/(\d+)$/.exec(item);
    const task = match?.[1] as PublicAiTask | undefined;
    if (!match || !task || !PUBLIC_AI_TASKS.includes(task)) {
      return `"${item}" is not task:clientRequests/clientTokens/shopRequests/shopTokens with a task of ${PUBLIC_AI_TASKS.join(', ')}`;
    }
    const [clientRequests, clientTokens, shopRequests, shopTokens] = match.slice(2).map(Number);
    budgets[task] = budget(clientRequests!, clientTokens!, shopRequests!, shopTokens!);
  }
  return budgets;
}

/** The UTC day of `now`, and when it ends. */
export function dayOf(now: number) {
  const day = new Date(now).toISOString().slice(0, 10);
  const end = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return { day, end, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * Input tokens a request body will cost, estimated before it is sent: text at 4 characters a
 * token (Gemini's rule of thumb), an inline image at 258 tokens per started 100 KB (a 768-pixel
 * tile is 258 tokens), rounded up.
 */
export function estimateInputTokens(body: unknown): number {
  let characters = 0;
  let tokens = 0;
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (key === 'data' || key === 'bytesBase64Encoded') {
        tokens += 258 * Math.max(1, Math.ceil((value.length * 3) / 4 / 100_000));
      } else characters += value.length;
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) visit(item, name);
    }
  };
  visit(body, '');
  return tokens + Math.ceil(characters / 4);
}

export const clientBudgetKey = (task: PublicAiTask, client: string) => `ai:${task}:${client}`;
export const shopBudgetKey = (task: PublicAiTask) => `ai:${task}:shop`;

/** When each server instance last removed past days' rows (once an hour at most). */
const sweptAt = new WeakMap<object, number>();

/**
 * Counts one call of `task` with `tokens` against the client's budget and, only when the client
 * is within its own, against the shop's, in one statement. Throws 429 `budget_spent` (Retry-After
 * until the next UTC day) when either is over: the client's own budget is checked first, so a
 * client over its budget spends nobody else's.
 */
export async function spendAiBudget(
  deps: Pick<Deps, 'config' | 'database' | 'now'>,
  input: { task: PublicAiTask; client: string; tokens: number },
): Promise<void> {
  const now = deps.now();
  const { day, retryAfterSeconds } = dayOf(now);
  const limits = deps.config.ai.budgets[input.task];
  const last = sweptAt.get(deps.config);
  if (last === undefined || now - last > 3_600_000) {
    sweptAt.set(deps.config, now);
    await deletePastBudgetDays(deps.database.db, day);
  }
  const row = await countAiBudgets(deps.database.db, {
    clientKey: clientBudgetKey(input.task, input.client),
    shopKey: shopBudgetKey(input.task),
    day,
    tokens: input.tokens,
    clientLimit: limits.client,
  });
  const clientOver =
    Number(row.client_requests) > limits.client.requests ||
    Number(row.client_tokens) > limits.client.tokens;
  if (clientOver) {
    throw new ApiError(
      429,
      'budget_spent',
      `Today's ${input.task} budget for this connection is spent. It starts again at midnight UTC.`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
  if (
    row.shop_requests === null ||
    Number(row.shop_requests) > limits.shop.requests ||
    Number(row.shop_tokens) > limits.shop.tokens
  ) {
    throw new ApiError(
      429,
      'budget_spent',
      `Today's ${input.task} budget for the whole shop is spent. It starts again at midnight UTC.`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** What is left of each feature's shop-wide budget today (the status page). */
export async function aiBudgetsLeft(
  deps: Pick<Deps, 'config' | 'database' | 'now'>,
): Promise<Record<PublicAiTask, { requests: number; tokens: number }>> {
  const { day } = dayOf(deps.now());
  const rows = await budgetRowsOf(deps.database.db, day, PUBLIC_AI_TASKS.map(shopBudgetKey));
  const spent = new Map(rows.map((row) => [row.key, row]));
  return Object.fromEntries(
    PUBLIC_AI_TASKS.map((task) => {
      const limit = deps.config.ai.budgets[task].shop;
      const used = spent.get(shopBudgetKey(task));
      return [
        task,
        {
          requests: Math.max(0, limit.requests - (used?.requests ?? 0)),
          tokens: Math.max(0, limit.tokens - (used?.tokens ?? 0)),
        },
      ];
    }),
  ) as Record<PublicAiTask, { requests: number; tokens: number }>;
}
