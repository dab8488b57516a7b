/**
 * The refund policy in one place (issue #41, decision 124), read by both wings: the refund
 * policy page draws its table from these rules, the order page says what they answer before a
 * buyer sends a request, and the server decides every request with the same function.
 *
 * What a buyer may ask for (a refund, or a new eSIM) depends on the reason they give, on where
 * the order's eSIM stands (not yet handed, handed but not installed, installed on a phone) and
 * on how many days have passed since it was paid.
 */

/** Why a buyer asks. */
export const REQUEST_REASONS = [
  'not_installed',
  'wrong_phone',
  'deleted',
  'plans_changed',
  'no_connection',
] as const;
export type RequestReason = (typeof REQUEST_REASONS)[number];

/** What a buyer asks for. */
export const REQUEST_KINDS = ['refund', 'replace'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Where the order's eSIM stands, as the policy reads it. */
export const ESIM_STANDINGS = ['not_handed', 'not_installed', 'installed'] as const;
export type EsimStanding = (typeof ESIM_STANDINGS)[number];

/** What the policy answers: a refund, a new eSIM, or no. */
export type PolicyOutcome = 'refund' | 'replace' | 'refuse';

/** An eSIM not yet on a phone can be refunded within this many days of payment. */
export const REFUND_DAYS = 14;
/** An eSIM that does not connect is replaced (or refunded) within this many days of payment. */
export const FAULT_DAYS = 3;
/** An eSIM deleted by mistake is replaced once within this many days of payment. */
export const REPLACE_DAYS = 30;
/**
 * A card refund goes back through 2C2P; the card's bank takes up to this many working days to
 * show it. Not the shop's rule but what the policy page, the order page and the chat tell buyers.
 */
export const CARD_REFUND_BANK_DAYS = 10;

/** One rule: for a reason and a standing, what each kind of request gets and within how long. */
export type PolicyRule = {
  reason: RequestReason;
  standing: EsimStanding;
  /** What the policy gives, best first (a refund asked for where only a new eSIM is given gets that). */
  gives: readonly Exclude<PolicyOutcome, 'refuse'>[];
  /** Days after payment; null: no limit (nothing was handed, the money always goes back). */
  days: number | null;
};

const rule = (
  reason: RequestReason,
  standing: EsimStanding,
  gives: PolicyRule['gives'],
  days: number | null,
): PolicyRule => ({ reason, standing, gives, days });

/**
 * Every rule. An eSIM never handed to the buyer is always refunded. One handed but not on a phone
 * yet is refunded within {@link REFUND_DAYS} days (or replaced, when asked); once installed a
 * change of plans or a locked phone gets nothing (the eSIM was used); a deleted eSIM is
 * replaced; one that does not connect is replaced or refunded within {@link FAULT_DAYS} days.
 */
export const POLICY_RULES: readonly PolicyRule[] = [
  ...REQUEST_REASONS.map((reason) => rule(reason, 'not_handed', ['refund'], null)),
  rule('not_installed', 'not_installed', ['refund', 'replace'], REFUND_DAYS),
  rule('wrong_phone', 'not_installed', ['refund'], REFUND_DAYS),
  rule('deleted', 'not_installed', ['replace'], REPLACE_DAYS),
  rule('plans_changed', 'not_installed', ['refund'], REFUND_DAYS),
  rule('no_connection', 'not_installed', ['replace', 'refund'], FAULT_DAYS),
  rule('not_installed', 'installed', [], null),
  rule('wrong_phone', 'installed', [], null),
  rule('deleted', 'installed', ['replace'], REPLACE_DAYS),
  rule('plans_changed', 'installed', [], null),
  rule('no_connection', 'installed', ['replace', 'refund'], FAULT_DAYS),
];

/** Why the policy says no (the page and the staff read it). */
export type RefusalReason = 'not_paid' | 'used' | 'too_late' | 'not_replaceable';

export type PolicyAnswer =
  | { outcome: 'refund' | 'replace'; rule: PolicyRule; lastDay: number | null }
  | { outcome: 'refuse'; rule: PolicyRule | null; why: RefusalReason };

const DAY_MS = 86_400_000;

/**
 * Pure: what the policy answers a request of `kind` for `reason`, for an order paid at `paidAt`
 * whose eSIM stands at `standing`, at `now` (epoch ms). A refund asked where only a new eSIM is
 * given is answered with the new eSIM; a new eSIM asked where nothing was handed is refused
 * (the money goes back instead: ask for a refund).
 */
export function decideRequest(input: {
  kind: RequestKind;
  reason: RequestReason;
  standing: EsimStanding;
  paidAt: number | null;
  now: number;
}): PolicyAnswer {
  if (input.paidAt === null) return { outcome: 'refuse', rule: null, why: 'not_paid' };
  const found = POLICY_RULES.find(
    (r) => r.reason === input.reason && r.standing === input.standing,
  )!;
  if (found.gives.length === 0) return { outcome: 'refuse', rule: found, why: 'used' };
  const lastDay = found.days === null ? null : input.paidAt + found.days * DAY_MS;
  if (lastDay !== null && input.now > lastDay) {
    return { outcome: 'refuse', rule: found, why: 'too_late' };
  }
  const outcome = input.kind === 'replace' ? 'replace' : found.gives[0]!;
  if (!found.gives.includes(outcome)) {
    return { outcome: 'refuse', rule: found, why: 'not_replaceable' };
  }
  return { outcome, rule: found, lastDay };
}

/** The standing of an order's eSIM from its delivery state and its install state (when known). */
export function standingOf(
  deliveryState: string,
  installState: string | null | undefined,
): EsimStanding {
  if (deliveryState !== 'assigned' && deliveryState !== 'delivered') return 'not_handed';
  return installState === 'downloaded' || installState === 'installed' || installState === 'deleted'
    ? 'installed'
    : 'not_installed';
}
