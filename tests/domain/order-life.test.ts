import { describe, expect, it } from 'vitest';
import {
  BANK_CONFIRMERS,
  BANK_STATES,
  DELIVERY_STATES,
  ORDER_EVENTS,
  ORDER_STATUSES,
  REFUND_STATES,
  transition,
  type OrderEvent,
  type OrderState,
} from '../../src/domain/order-life';

/**
 * The order's machine as a table (issues #39 and #41): every legal change written out by hand,
 * and every (state, event) pair of the 840 states and 23 events checked against it: the listed
 * ones lead where the table says, every other one is refused.
 */

type Row = {
  event: OrderEvent;
  machine: 'status' | 'deliveryState' | 'bankState' | 'refundState';
  from: string;
  to: string;
};

const row = (event: OrderEvent, machine: Row['machine'], from: string[], to: string): Row[] =>
  from.map((value) => ({ event, machine, from: value, to }));

/** The whole machine, as the decision record draws it. */
const LEGAL: Row[] = [
  ...row({ type: 'receiptClaimed' }, 'status', ['awaiting_payment', 'verifying'], 'verifying'),
  ...row({ type: 'receiptReleased' }, 'status', ['verifying'], 'awaiting_payment'),
  ...row({ type: 'paid' }, 'status', ['awaiting_payment', 'verifying'], 'paid'),
  ...row({ type: 'cancelled' }, 'status', ['awaiting_payment', 'verifying'], 'cancelled'),
  ...row({ type: 'heldForBank' }, 'deliveryState', ['none'], 'held'),
  ...row({ type: 'heldReleased' }, 'deliveryState', ['held'], 'none'),
  ...row({ type: 'provisioningStarted' }, 'deliveryState', ['none'], 'provisioning'),
  ...row(
    { type: 'waitingForStock' },
    'deliveryState',
    ['none', 'provisioning'],
    'waiting_for_stock',
  ),
  ...row(
    { type: 'profileHanded', emailed: true },
    'deliveryState',
    ['none', 'waiting_for_stock', 'provisioning'],
    'assigned',
  ),
  ...row(
    { type: 'profileHanded', emailed: false },
    'deliveryState',
    ['none', 'waiting_for_stock', 'provisioning'],
    'delivered',
  ),
  ...row({ type: 'emailSent' }, 'deliveryState', ['assigned'], 'delivered'),
  ...row(
    { type: 'withdrawn' },
    'deliveryState',
    ['none', 'held', 'waiting_for_stock', 'provisioning', 'assigned', 'delivered'],
    'withdrawn',
  ),
  ...['notification', 'statement', 'staff'].flatMap((by) =>
    row(
      { type: 'bankConfirmed', by: by as 'staff' },
      'bankState',
      ['unconfirmed', 'mismatch', 'suspect'],
      'confirmed',
    ),
  ),
  ...row(
    { type: 'bankMismatch' },
    'bankState',
    ['unconfirmed', 'suspect', 'confirmed'],
    'mismatch',
  ),
  ...row({ type: 'bankSuspect' }, 'bankState', ['unconfirmed'], 'suspect'),
  // A buyer's request (issue #41).
  ...row({ type: 'refundRequested' }, 'refundState', ['none', 'refused', 'replaced'], 'requested'),
  ...row({ type: 'refundStarted' }, 'refundState', ['requested'], 'refunding'),
  ...row({ type: 'refundFailed' }, 'refundState', ['refunding'], 'requested'),
  ...row({ type: 'refunded' }, 'refundState', ['requested', 'refunding'], 'refunded'),
  ...row({ type: 'refundRefused' }, 'refundState', ['requested'], 'refused'),
  // A replacement also takes the handed eSIM back (the delivery starts again from none).
  ...row({ type: 'replaced' }, 'refundState', ['requested'], 'replaced'),
];

/** Delivery and bank changes happen to paid orders only; a bank-confirmed payment is never held. */
const allowedIn = (legal: Row, state: OrderState) =>
  (legal.machine === 'status' || state.status === 'paid') &&
  !(legal.event.type === 'heldForBank' && state.bankState === 'confirmed') &&
  (legal.event.type !== 'replaced' || ['assigned', 'delivered'].includes(state.deliveryState));

const STATES: OrderState[] = ORDER_STATUSES.flatMap((status) =>
  DELIVERY_STATES.flatMap((deliveryState) =>
    BANK_STATES.flatMap((bankState) =>
      REFUND_STATES.map((refundState) => ({ status, deliveryState, bankState, refundState })),
    ),
  ),
);

const EVENTS: OrderEvent[] = ORDER_EVENTS.flatMap((type): OrderEvent[] => {
  if (type === 'profileHanded')
    return [
      { type, emailed: true },
      { type, emailed: false },
    ];
  if (type === 'bankConfirmed') return BANK_CONFIRMERS.map((by) => ({ type, by }));
  return [{ type }];
});

const same = (a: OrderEvent, b: OrderEvent) => JSON.stringify(a) === JSON.stringify(b);

describe('transition: the order machine', () => {
  it('covers 840 states and 23 events', () => {
    expect(STATES).toHaveLength(840);
    expect(EVENTS).toHaveLength(23);
  });

  it('allows exactly the table’s changes, and refuses every other pair', () => {
    let allowed = 0;
    let refused = 0;
    for (const state of STATES) {
      for (const event of EVENTS) {
        const legal = LEGAL.find(
          (candidate) =>
            same(candidate.event, event) &&
            state[candidate.machine] === candidate.from &&
            allowedIn(candidate, state),
        );
        const result = transition(state, event);
        const where = `${event.type} from ${JSON.stringify(state)}`;
        if (!legal) {
          expect(result, where).toMatchObject({ ok: false, code: 'illegal_transition' });
          refused += 1;
          continue;
        }
        allowed += 1;
        expect(result.ok, where).toBe(true);
        if (!result.ok) continue;
        const replaced = event.type === 'replaced';
        expect(result.expect, where).toEqual({
          [legal.machine]: legal.from,
          ...(replaced ? { deliveryState: state.deliveryState } : {}),
        });
        expect(result.set[legal.machine], where).toBe(legal.to);
        if (replaced) expect(result.set.deliveryState, where).toBe('none');
        expect(result.steps, where).toEqual([
          expect.objectContaining({
            event: event.type,
            machine: legal.machine,
            from: legal.from,
            to: legal.to,
          }),
        ]);
      }
    }
    // Counted, so that a table that matched nothing cannot pass.
    expect(allowed).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(1500);
    expect(allowed + refused).toBe(840 * 23);
  });

  it('says who gave the bank’s word, and forgets it on a mismatch', () => {
    const paid: OrderState = { status: 'paid', deliveryState: 'none', bankState: 'unconfirmed' };
    expect(transition(paid, { type: 'bankConfirmed', by: 'statement' })).toMatchObject({
      set: { bankState: 'confirmed', bankConfirmedBy: 'statement' },
    });
    expect(transition({ ...paid, bankState: 'confirmed' }, { type: 'bankMismatch' })).toMatchObject(
      { set: { bankState: 'mismatch', bankConfirmedBy: null } },
    );
  });

  it('applies several events as one write: the state each leaves for the next, the first state expected', () => {
    const open: OrderState = {
      status: 'verifying',
      deliveryState: 'none',
      bankState: 'unconfirmed',
    };
    const result = transition(
      open,
      { type: 'paid' },
      { type: 'bankMismatch' },
      { type: 'heldForBank' },
    );
    expect(result).toMatchObject({
      ok: true,
      set: { status: 'paid', bankState: 'mismatch', deliveryState: 'held', bankConfirmedBy: null },
      expect: { status: 'verifying', bankState: 'unconfirmed', deliveryState: 'none' },
    });
    if (!result.ok) return;
    expect(result.steps.map((step) => [step.event, step.from, step.to])).toEqual([
      ['paid', 'verifying', 'paid'],
      ['bankMismatch', 'unconfirmed', 'mismatch'],
      ['heldForBank', 'none', 'held'],
    ]);
    expect(result.effects).toEqual(['orderPaidMessage', 'esimEmail']);
    // A paid order then held: legal only because `paid` came first.
    expect(transition(open, { type: 'heldForBank' })).toMatchObject({ ok: false });
    // Confirmed by the bank in the same write: never held.
    expect(
      transition(
        open,
        { type: 'paid' },
        { type: 'bankConfirmed', by: 'notification' },
        { type: 'heldForBank' },
      ),
    ).toMatchObject({ ok: false, code: 'illegal_transition' });
  });

  it('names the alerts a change asks for', () => {
    const paid: OrderState = { status: 'paid', deliveryState: 'none', bankState: 'unconfirmed' };
    expect(transition(paid, { type: 'waitingForStock' })).toMatchObject({
      effects: ['staffAlert'],
    });
    expect(transition(paid, { type: 'bankSuspect' })).toMatchObject({ effects: ['staffAlert'] });
    expect(transition(paid, { type: 'provisioningStarted' })).toMatchObject({ effects: [] });
  });

  it('a replacement starts the delivery again; a refund failure alerts staff', () => {
    const handed: OrderState = {
      status: 'paid',
      deliveryState: 'delivered',
      bankState: 'confirmed',
      refundState: 'requested',
    };
    expect(
      transition(handed, { type: 'replaced' }, { type: 'profileHanded', emailed: false }),
    ).toMatchObject({
      ok: true,
      set: { refundState: 'replaced', deliveryState: 'delivered' },
    });
    expect(
      transition({ ...handed, deliveryState: 'withdrawn' }, { type: 'replaced' }),
    ).toMatchObject({
      ok: false,
      code: 'illegal_transition',
    });
    expect(
      transition({ ...handed, refundState: 'refunding' }, { type: 'refundFailed' }),
    ).toMatchObject({
      effects: ['staffAlert'],
    });
    // An order without a refund state has none.
    const { refundState: _none, ...old } = handed;
    expect(transition(old, { type: 'refundRequested' })).toMatchObject({
      ok: true,
      expect: { refundState: 'none' },
    });
  });

  it('refuses an empty write', () => {
    const open: OrderState = {
      status: 'awaiting_payment',
      deliveryState: 'none',
      bankState: 'unconfirmed',
    };
    expect(transition(open)).toMatchObject({ ok: false });
  });
});
