/**
 * An order's life (issue #39, decision 115), read by both wings: the words of its three state
 * machines and of what happens to it, and the one pure rule of which change is legal from where.
 * The server's lifecycle (server/src/orders/lifecycle.ts) is the only code that writes an
 * order's state; it asks {@link transition} first and writes what it answers, expecting the state
 * it comes from. The shop reads the same words. Each list here exists once: the database's
 * tables, the API's schemas and the shop import them.
 */

/** Where the payment stands. `expired` is never written: it is read (an open order past its expiry). */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'verifying',
  'paid',
  'expired',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where the paid order's eSIM stands. */
export const DELIVERY_STATES = [
  'none',
  'waiting_for_stock',
  'provisioning',
  'held',
  'assigned',
  'delivered',
  'withdrawn',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What the bank says of the paid order's payment. */
export const BANK_STATES = ['unconfirmed', 'confirmed', 'mismatch', 'suspect'] as const;
export type BankState = (typeof BANK_STATES)[number];

/** Who gave the bank's word: a signed notification, a statement line, staff at the account. */
export const BANK_CONFIRMERS = ['notification', 'statement', 'staff'] as const;
export type BankConfirmer = (typeof BANK_CONFIRMERS)[number];

/** Who decided the payment: the model, the demo reading, or the bank (or a payment provider). */
export const VERIFIERS = ['gemini', 'demo', 'bank'] as const;
export type Verifier = (typeof VERIFIERS)[number];

/** What the buyer's phone did with an eSIM ordered over ES2+, as the SM-DP+ reported it. */
export const INSTALL_STATES = ['released', 'downloaded', 'installed', 'failed', 'deleted'] as const;
export type InstallState = (typeof INSTALL_STATES)[number];

/** Where the eSIM email stands. */
export const EMAIL_STATES = ['not_applicable', 'queued', 'sent', 'retrying'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** Where a profile in stock stands. */
export const PROFILE_STATES = ['in_stock', 'assigned', 'delivered', 'withdrawn'] as const;
export type ProfileState = (typeof PROFILE_STATES)[number];

/**
 * Where a buyer's request for a refund or a new eSIM stands (issue #41, decision 124): none,
 * asked (requested), the provider's refund under way (refunding), and how it ended. A refused
 * or replaced order may ask again; a refunded one is over.
 */
export const REFUND_STATES = [
  'none',
  'requested',
  'refunding',
  'refunded',
  'refused',
  'replaced',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Why a held order waits. */
export const HOLD_REASONS = ['awaiting_bank_confirmation'] as const;

/** What can happen to an order: the `event` of its history rows. */
export const ORDER_EVENTS = [
  'receiptClaimed',
  'receiptReleased',
  'paid',
  'cancelled',
  'heldForBank',
  'heldReleased',
  'provisioningStarted',
  'waitingForStock',
  'profileHanded',
  'emailSent',
  'withdrawn',
  'bankConfirmed',
  'bankMismatch',
  'bankSuspect',
  'refundRequested',
  'refundStarted',
  'refundFailed',
  'refunded',
  'refundRefused',
  'replaced',
] as const;
export type OrderEventName = (typeof ORDER_EVENTS)[number];

/** An event with what it needs to say where it leads. */
export type OrderEvent =
  | { type: Exclude<OrderEventName, 'profileHanded' | 'bankConfirmed'> }
  /** `emailed`: an email will carry the eSIM (assigned until it is sent); else delivered now. */
  | { type: 'profileHanded'; emailed: boolean }
  | { type: 'bankConfirmed'; by: BankConfirmer };

/** Who made a change: the history's `actor`. */
export type Actor =
  'buyer' | 'system' | 'bank' | `provider:${string}` | `staff:${string}` | `partner:${string}`;

/** The three machines an order runs, each in one column. */
export type Machine = 'status' | 'deliveryState' | 'bankState' | 'refundState';

/** An order's state: one value per machine (no refund state: none). */
export type OrderState = {
  status: OrderStatus;
  deliveryState: DeliveryState;
  bankState: BankState;
  refundState?: RefundState;
};

/** What a change asks for besides the column it moves: messages, emails, alerts. */
export type Effect =
  /** The staff webhook hears of the paid order. */
  | 'orderPaidMessage'
  /** The buyer's email carries the eSIM (when the order has an email to send to). */
  | 'esimEmail'
  /** Staff are alerted (the event's own alert). */
  | 'staffAlert';

/** One legal change: the machine it moves, from and to, and what the lifecycle then does. */
export type Step = {
  event: OrderEventName;
  machine: Machine;
  from: string;
  to: string;
  effects: Effect[];
  also?: { machine: Machine; from: string; to: string };
};

export type Transition = {
  ok: true;
  /** The columns to write. */
  set: Partial<OrderState> & { bankConfirmedBy?: BankConfirmer | null };
  /** The state the write expects to find (the columns it moves, as they were). */
  expect: Partial<OrderState>;
  steps: Step[];
  effects: Effect[];
};

export type Refusal = { ok: false; code: 'illegal_transition'; message: string };

type Rule = {
  machine: Machine;
  /** The states of `machine` it leaves from. */
  from: readonly string[];
  to: (event: OrderEvent) => string;
  /** Besides the machine's own state: the order must be paid (every delivery and bank change). */
  paid?: boolean;
  effects?: Effect[];
  /** A second machine the same event moves (a replacement hands the order a new eSIM). */
  also?: { machine: Machine; from: readonly string[]; to: string };
};

const PAYABLE = ['awaiting_payment', 'verifying'] as const;

/** Every legal change, by event: the whole machine. Anything else is refused. */
export const RULES: Record<OrderEventName, Rule> = {
  receiptClaimed: { machine: 'status', from: PAYABLE, to: () => 'verifying' },
  receiptReleased: { machine: 'status', from: ['verifying'], to: () => 'awaiting_payment' },
  paid: {
    machine: 'status',
    from: PAYABLE,
    to: () => 'paid',
    effects: ['orderPaidMessage', 'esimEmail'],
  },
  cancelled: { machine: 'status', from: PAYABLE, to: () => 'cancelled' },
  heldForBank: { machine: 'deliveryState', from: ['none'], to: () => 'held', paid: true },
  heldReleased: { machine: 'deliveryState', from: ['held'], to: () => 'none', paid: true },
  provisioningStarted: {
    machine: 'deliveryState',
    from: ['none'],
    to: () => 'provisioning',
    paid: true,
  },
  waitingForStock: {
    machine: 'deliveryState',
    from: ['none', 'provisioning'],
    to: () => 'waiting_for_stock',
    paid: true,
    effects: ['staffAlert'],
  },
  profileHanded: {
    machine: 'deliveryState',
    from: ['none', 'waiting_for_stock', 'provisioning'],
    to: (event) => (event.type === 'profileHanded' && event.emailed ? 'assigned' : 'delivered'),
    paid: true,
  },
  emailSent: { machine: 'deliveryState', from: ['assigned'], to: () => 'delivered', paid: true },
  withdrawn: {
    machine: 'deliveryState',
    from: ['none', 'held', 'waiting_for_stock', 'provisioning', 'assigned', 'delivered'],
    to: () => 'withdrawn',
    paid: true,
  },
  bankConfirmed: {
    machine: 'bankState',
    from: ['unconfirmed', 'mismatch', 'suspect'],
    to: () => 'confirmed',
    paid: true,
  },
  bankMismatch: {
    machine: 'bankState',
    from: ['unconfirmed', 'suspect', 'confirmed'],
    to: () => 'mismatch',
    paid: true,
  },
  bankSuspect: {
    machine: 'bankState',
    from: ['unconfirmed'],
    to: () => 'suspect',
    paid: true,
    effects: ['staffAlert'],
  },
  // A buyer's request (issue #41): asked, refunded, refused or replaced; one open at a time.
  refundRequested: {
    machine: 'refundState',
    from: ['none', 'refused', 'replaced'],
    to: () => 'requested',
    paid: true,
  },
  refundStarted: { machine: 'refundState', from: ['requested'], to: () => 'refunding', paid: true },
  refundFailed: {
    machine: 'refundState',
    from: ['refunding'],
    to: () => 'requested',
    paid: true,
    effects: ['staffAlert'],
  },
  refunded: {
    machine: 'refundState',
    from: ['requested', 'refunding'],
    to: () => 'refunded',
    paid: true,
  },
  refundRefused: { machine: 'refundState', from: ['requested'], to: () => 'refused', paid: true },
  replaced: {
    machine: 'refundState',
    from: ['requested'],
    to: () => 'replaced',
    paid: true,
    // The old eSIM goes; the order takes a new one as a paid order does (stock or ES2+).
    also: { machine: 'deliveryState', from: ['assigned', 'delivered'], to: 'none' },
  },
};

/** One step: where `event` leads from `state`, or why it may not happen there. */
function step(state: OrderState, event: OrderEvent): Step | Refusal {
  const rule = RULES[event.type];
  const from = stateOf(state, rule.machine);
  if (rule.paid && state.status !== 'paid') {
    return refusal(`${event.type} needs a paid order; this one is ${state.status}.`);
  }
  if (event.type === 'heldForBank' && state.bankState === 'confirmed') {
    return refusal('heldForBank: the bank already confirmed this payment.');
  }
  if (!rule.from.includes(from)) {
    return refusal(`${event.type} cannot happen when ${rule.machine} is ${from}.`);
  }
  const also = rule.also;
  if (also && !also.from.includes(stateOf(state, also.machine))) {
    return refusal(
      `${event.type} cannot happen when ${also.machine} is ${stateOf(state, also.machine)}.`,
    );
  }
  return {
    event: event.type,
    machine: rule.machine,
    from,
    to: rule.to(event),
    effects: rule.effects ?? [],
    ...(also
      ? { also: { machine: also.machine, from: stateOf(state, also.machine), to: also.to } }
      : {}),
  };
}

/** A machine's value in `state` (an order without a refund state has none). */
const stateOf = (state: OrderState, machine: Machine): string =>
  machine === 'refundState' ? (state.refundState ?? 'none') : state[machine];

const refusal = (message: string): Refusal => ({ ok: false, code: 'illegal_transition', message });

/**
 * Pure: what `events` (one or several, applied in turn, as one write) do to an order in
 * `state`: the columns to set, the state to expect, each step and the effects; or a refusal
 * when any of them may not happen where the ones before leave the order.
 */
export function transition(state: OrderState, ...events: OrderEvent[]): Transition | Refusal {
  if (events.length === 0) return refusal('No event.');
  let current = state;
  const steps: Step[] = [];
  const set: Transition['set'] = {};
  const expect: Partial<OrderState> = {};
  for (const event of events) {
    const next = step(current, event);
    if ('ok' in next) return next;
    steps.push(next);
    for (const moved of [next, ...(next.also ? [next.also] : [])]) {
      if (!(moved.machine in expect)) {
        Object.assign(expect, { [moved.machine]: stateOf(state, moved.machine) });
      }
      Object.assign(set, { [moved.machine]: moved.to });
    }
    if (event.type === 'bankConfirmed') set.bankConfirmedBy = event.by;
    else if (event.type === 'bankMismatch') set.bankConfirmedBy = null;
    current = {
      ...current,
      [next.machine]: next.to,
      ...(next.also ? { [next.also.machine]: next.also.to } : {}),
    };
  }
  return { ok: true, set, expect, steps, effects: [...new Set(steps.flatMap((s) => s.effects))] };
}
