import { describe, expect, it } from 'vitest';
import {
  confirmedBy,
  createOrder,
  emptyReceipt,
  initialPurchaseState,
  purchaseReducer,
  stepperPosition,
  type PurchaseEvent,
  type PurchaseState,
} from '../../../../src/features/purchase/lib/purchase-machine';
import { NOW, ORDER_ID, order, preparedReceipt } from './fixtures';
import { serverOrderFields } from '../../../../src/features/purchase/lib/server-order-ref';

const run = (events: PurchaseEvent[], from: PurchaseState = initialPurchaseState) =>
  events.reduce(purchaseReducer, from);

const atContact: PurchaseState = {
  step: 'contact',
  draft: { planId: 'power-30', operatorId: 'atom', contact: '' },
};
const atPayment: PurchaseState = {
  step: 'payment',
  order,
  receipt: emptyReceipt,
  interrupted: false,
};
const image = preparedReceipt();
const withImage: PurchaseState = { ...atPayment, receipt: { ...emptyReceipt, image } };
const verifying: PurchaseState = { step: 'verifying', order, receipt: image };
const failed: PurchaseState = {
  step: 'result',
  order,
  verification: { status: 'failed', reason: { code: 'verificationFailed' } },
};
const confirmed: PurchaseState = {
  step: 'result',
  order,
  verification: {
    status: 'confirmed',
    transactionId: 'T1',
    transactionTime: null,
    verifiedAt: NOW,
  },
};
const expired: PurchaseState = { step: 'expired', order };
const never = (): never => {
  throw new Error('fixture');
};

describe('purchaseReducer: step 1 to 3', () => {
  it('starts on the plan step with nothing chosen', () => {
    expect(initialPurchaseState).toEqual({
      step: 'plan',
      draft: { planId: null, operatorId: null, contact: '' },
    });
  });

  it('moves to the operator step when an available plan is selected', () => {
    expect(run([{ type: 'SELECT_PLAN', planId: 'power-30' }])).toEqual({
      step: 'operator',
      draft: { planId: 'power-30', operatorId: null, contact: '' },
    });
  });

  it.each(['tourist-7', 'business-30', 'no-such-plan'])('refuses the plan %s', (planId) => {
    expect(run([{ type: 'SELECT_PLAN', planId }])).toBe(initialPurchaseState);
  });

  it('moves to the contact step when an operator is picked', () => {
    const state = run([
      { type: 'SELECT_PLAN', planId: 'power-30' },
      { type: 'SELECT_OPERATOR', operatorId: 'mytel' },
    ]);
    expect(state).toEqual({
      step: 'contact',
      draft: { planId: 'power-30', operatorId: 'mytel', contact: '' },
    });
  });

  it('ignores an unknown operator', () => {
    const atOperator = run([{ type: 'SELECT_PLAN', planId: 'power-30' }]);
    expect(purchaseReducer(atOperator, { type: 'SELECT_OPERATOR', operatorId: 'x' })).toBe(
      atOperator,
    );
  });

  it('goes back from contact to operator to plan, keeping what was chosen and typed', () => {
    const typed = purchaseReducer(atContact, { type: 'EDIT_CONTACT', contact: 'a@b.co' });
    const back = run([{ type: 'BACK' }], typed);
    expect(back).toEqual({
      step: 'operator',
      draft: { planId: 'power-30', operatorId: 'atom', contact: 'a@b.co' },
    });
    expect(run([{ type: 'BACK' }], back)).toEqual({
      step: 'plan',
      draft: { planId: 'power-30', operatorId: 'atom', contact: 'a@b.co' },
    });
  });

  it('goes forward again after Back to the step left, with what it held (issue #24)', () => {
    const typed = purchaseReducer(atContact, { type: 'EDIT_CONTACT', contact: 'a@b.co' });
    const atPlan = run([{ type: 'BACK' }, { type: 'BACK' }], typed);
    expect(run([{ type: 'FORWARD' }, { type: 'FORWARD' }], atPlan)).toEqual(typed);
    // Nothing to go forward to: nothing chosen yet, a plan no longer on sale, past contact.
    expect(purchaseReducer(initialPurchaseState, { type: 'FORWARD' })).toBe(initialPurchaseState);
    const offSale: PurchaseState = {
      step: 'plan',
      draft: { planId: 'tourist-7', operatorId: 'atom', contact: '' },
    };
    expect(purchaseReducer(offSale, { type: 'FORWARD' })).toBe(offSale);
    const noOperator: PurchaseState = {
      step: 'operator',
      draft: { planId: 'power-30', operatorId: null, contact: '' },
    };
    expect(purchaseReducer(noOperator, { type: 'FORWARD' })).toBe(noOperator);
    expect(purchaseReducer(typed, { type: 'FORWARD' })).toBe(typed);
  });

  it('keeps the contact as typed', () => {
    expect(purchaseReducer(atContact, { type: 'EDIT_CONTACT', contact: '၀၉' })).toEqual({
      ...atContact,
      draft: { ...atContact.draft, contact: '၀၉' },
    });
  });
});

describe('continue to payment (the static shop’s order, createOrder)', () => {
  const draft = { planId: 'power-30', operatorId: 'atom', contact: '+95 9 123 456 789' } as const;

  it('creates the order number from local time, the price and a 10-minute expiry', () => {
    const made = createOrder(draft, NOW, ORDER_ID);
    expect(made).toEqual({ ...order, operatorId: 'atom' });
    expect(run([{ type: 'ORDER_CREATED', order: made ?? never() }], atContact)).toEqual({
      step: 'payment',
      order: { ...order, operatorId: 'atom' },
      receipt: emptyReceipt,
      interrupted: false,
    });
  });

  it('gives the order the id it is given, and takes only ids newOrderId makes', () => {
    const other = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
    expect(createOrder(draft, NOW, other)).toMatchObject({ id: other });
    for (const orderId of ['', 'order-1', ORDER_ID.toUpperCase()]) {
      expect(createOrder(draft, NOW, orderId)).toBeNull();
    }
  });

  it.each(['', 'hello', '0912', 'a@b'])('makes no order with %j', (contact) => {
    expect(createOrder({ ...draft, contact }, NOW, ORDER_ID)).toBeNull();
  });

  it('takes an order only on the contact step', () => {
    expect(purchaseReducer(atPayment, { type: 'ORDER_CREATED', order })).toBe(atPayment);
  });
});

describe('purchaseReducer: step 4', () => {
  it('shows a file being prepared, then the ready image', () => {
    const preparing = purchaseReducer(atPayment, { type: 'RECEIPT_PREPARING', fileName: 'a.png' });
    expect(preparing).toMatchObject({
      receipt: { image: null, preparing: 'a.png', problem: null },
    });
    expect(purchaseReducer(preparing, { type: 'RECEIPT_READY', image })).toMatchObject({
      receipt: { image, preparing: null, problem: null },
    });
  });

  it('ignores a non-image file with a hint, keeping the image chosen before', () => {
    expect(purchaseReducer(withImage, { type: 'RECEIPT_REJECTED', problem: 'notImage' })).toEqual({
      ...withImage,
      receipt: { image, preparing: null, problem: 'notImage' },
    });
  });

  it('keeps preparing a newer image when a non-image is dropped meanwhile', () => {
    const busy = purchaseReducer(withImage, { type: 'RECEIPT_PREPARING', fileName: 'new.png' });
    const hinted = purchaseReducer(busy, { type: 'RECEIPT_REJECTED', problem: 'notImage' });
    expect(hinted).toEqual({
      ...withImage,
      receipt: { image, preparing: 'new.png', problem: 'notImage' },
    });
    // Still preparing: the older image cannot be sent in its place.
    expect(purchaseReducer(hinted, { type: 'SUBMIT_RECEIPT' })).toBe(hinted);
  });

  it('ends preparing when the chosen image cannot be decoded, keeping the earlier one', () => {
    const busy = purchaseReducer(withImage, { type: 'RECEIPT_PREPARING', fileName: 'b.heic' });
    expect(purchaseReducer(busy, { type: 'RECEIPT_FAILED', problem: 'undecodable' })).toEqual({
      ...withImage,
      receipt: { image, preparing: null, problem: 'undecodable' },
    });
  });

  it('removes the chosen image', () => {
    expect(purchaseReducer(withImage, { type: 'RECEIPT_CLEARED' })).toEqual(atPayment);
  });

  it('does not submit without an image or while one is being prepared', () => {
    expect(purchaseReducer(atPayment, { type: 'SUBMIT_RECEIPT' })).toBe(atPayment);
    const busy = purchaseReducer(withImage, { type: 'RECEIPT_PREPARING', fileName: 'b.png' });
    expect(purchaseReducer(busy, { type: 'SUBMIT_RECEIPT' })).toBe(busy);
  });

  it('moves to verifying with the image', () => {
    expect(purchaseReducer(withImage, { type: 'SUBMIT_RECEIPT' })).toEqual(verifying);
  });

  it.each([
    ['confirmed', confirmed],
    ['failed', failed],
  ])('always moves from verifying to the result (%s) and drops the image', (_name, result) => {
    if (result.step !== 'result') throw new Error('fixture');
    const state = purchaseReducer(verifying, {
      type: 'VERIFICATION_DONE',
      order,
      verification: result.verification,
    });
    expect(state).toEqual(result);
    expect(JSON.stringify(Object.keys(state))).not.toContain('receipt');
  });

  it('expires the payment when the countdown reaches zero, not before', () => {
    expect(purchaseReducer(atPayment, { type: 'EXPIRE', now: order.expiresAt - 1 })).toBe(
      atPayment,
    );
    expect(purchaseReducer(withImage, { type: 'EXPIRE', now: order.expiresAt })).toEqual(expired);
  });

  it('does not cut off a receipt that is being verified', () => {
    expect(purchaseReducer(verifying, { type: 'EXPIRE', now: order.expiresAt + 1 })).toBe(
      verifying,
    );
  });
});

describe('purchaseReducer: result and expiry', () => {
  it('Try Again goes back to payment with the same order, no receipt and a new 10 minutes', () => {
    const later = NOW + 9 * 60_000;
    expect(purchaseReducer(failed, { type: 'TRY_AGAIN', now: later })).toEqual({
      step: 'payment',
      order: { ...order, expiresAt: later + 600_000 },
      receipt: emptyReceipt,
      interrupted: false,
    });
  });

  it('offers no Try Again after a confirmed payment', () => {
    expect(purchaseReducer(confirmed, { type: 'TRY_AGAIN', now: NOW })).toBe(confirmed);
  });

  it('Start Over resets plan, operator, contact, receipt and order to step 1', () => {
    expect(purchaseReducer(expired, { type: 'START_OVER' })).toBe(initialPurchaseState);
  });

  it('lets a buyer with a confirmed order buy another', () => {
    expect(purchaseReducer(confirmed, { type: 'START_OVER' })).toBe(initialPurchaseState);
  });

  it.each<PurchaseEvent>([
    { type: 'SELECT_PLAN', planId: 'power-30' },
    { type: 'SELECT_OPERATOR', operatorId: 'mpt' },
    { type: 'EDIT_CONTACT', contact: 'a@b.co' },
    { type: 'BACK' },
    { type: 'ORDER_CREATED', order },
    { type: 'RECEIPT_PREPARING', fileName: 'a.png' },
    { type: 'RECEIPT_READY', image },
    { type: 'RECEIPT_REJECTED', problem: 'notImage' },
    { type: 'RECEIPT_FAILED', problem: 'undecodable' },
    { type: 'RECEIPT_CLEARED' },
    { type: 'SUBMIT_RECEIPT' },
    {
      type: 'VERIFICATION_DONE',
      order,
      verification: { status: 'failed', reason: { code: 'unreadable' } },
    },
    { type: 'TRY_AGAIN', now: NOW },
    { type: 'EXPIRE', now: NOW + 10 ** 9 },
  ])('leaves expiry only by Start Over, not by $type', (event) => {
    expect(purchaseReducer(expired, event)).toBe(expired);
  });

  it.each([
    ['payment (an order whose code still runs is cancelled, with a confirmation)', atPayment],
    ['verifying', verifying],
  ])('ignores Start Over on %s', (_name, state) => {
    expect(purchaseReducer(state, { type: 'START_OVER' })).toBe(state);
  });

  it('starts a new order after a refusal that no receipt can mend (afterExpiry)', () => {
    const refused: PurchaseState = {
      step: 'result',
      order,
      verification: { status: 'failed', reason: { code: 'afterExpiry' } },
      late: true,
    };
    expect(purchaseReducer(refused, { type: 'START_OVER' })).toBe(initialPurchaseState);
    expect(purchaseReducer(failed, { type: 'START_OVER' })).toBe(initialPurchaseState);
  });
});

describe('the stepper', () => {
  it.each<[string, PurchaseState, string | null]>([
    ['plan', initialPurchaseState, 'plan'],
    ['operator', { step: 'operator', draft: { ...atContact.draft, operatorId: null } }, 'operator'],
    ['contact', atContact, 'contact'],
    ['payment', atPayment, 'payment'],
    ['verifying', verifying, 'payment'],
    ['success', confirmed, null],
    ['failure', failed, null],
    ['expiry', expired, null],
  ])('on %s: shows with the right step, or hides (null)', (_name, state, position) => {
    expect(stepperPosition(state)).toBe(position);
  });
});

describe('confirmedBy: the one transition that confirms an order', () => {
  it('is the step from verifying to a confirmed result', () => {
    expect(confirmedBy(verifying, confirmed)).toEqual({
      order,
      verification: {
        status: 'confirmed',
        transactionId: 'T1',
        transactionTime: null,
        verifiedAt: NOW,
      },
    });
  });

  it('is not a failed result, a restored result, or a result that stays', () => {
    expect(confirmedBy(verifying, failed)).toBeNull();
    expect(confirmedBy(initialPurchaseState, confirmed)).toBeNull();
    expect(confirmedBy(confirmed, confirmed)).toBeNull();
  });

  it('is not an order the server confirmed (the server remembers and records it)', () => {
    const server = { id: 'srv-1', token: 't'.repeat(32), mmqrPayload: '000201' };
    const onServer = { ...order, id: server.id, ...serverOrderFields(server) };
    const verifyingOnServer: PurchaseState = { step: 'verifying', order: onServer, receipt: image };
    const confirmedOnServer: PurchaseState = {
      step: 'result',
      order: onServer,
      verification: {
        status: 'confirmed',
        transactionId: 'T1',
        transactionTime: null,
        verifiedAt: NOW,
      },
    };
    expect(confirmedBy(verifyingOnServer, confirmedOnServer)).toBeNull();
  });
});

// Issue 15, item 6: paid in time, uploaded after the code expired.
describe('a late upload from expiry', () => {
  it('reopens the upload for the same order, which does not time out again', () => {
    const late = purchaseReducer(expired, { type: 'UPLOAD_LATE' });
    expect(late).toEqual({
      step: 'payment',
      order,
      receipt: emptyReceipt,
      interrupted: false,
      late: true,
    });
    expect(purchaseReducer(late, { type: 'EXPIRE', now: order.expiresAt + 60_000 })).toBe(late);
    const ready = purchaseReducer(late, { type: 'RECEIPT_READY', image });
    expect(purchaseReducer(ready, { type: 'SUBMIT_RECEIPT' })).toEqual({
      step: 'verifying',
      order,
      receipt: image,
      late: true,
    });
  });

  it('keeps a refused late upload late: Try Again returns to it, with no new code or time', () => {
    const lateVerifying: PurchaseState = { step: 'verifying', order, receipt: image, late: true };
    const refused = purchaseReducer(lateVerifying, {
      type: 'VERIFICATION_DONE',
      order,
      verification: { status: 'failed', reason: { code: 'idMissing' } },
    });
    expect(refused).toEqual({
      step: 'result',
      order,
      verification: { status: 'failed', reason: { code: 'idMissing' } },
      late: true,
    });
    expect(purchaseReducer(refused, { type: 'TRY_AGAIN', now: order.expiresAt + 60_000 })).toEqual({
      step: 'payment',
      order,
      receipt: emptyReceipt,
      interrupted: false,
      late: true,
    });
    // A confirmed late upload is a confirmed order like any other.
    const accepted = purchaseReducer(lateVerifying, {
      type: 'VERIFICATION_DONE',
      order,
      verification: confirmed.step === 'result' ? confirmed.verification : never(),
    });
    expect(accepted).toEqual(confirmed);
  });

  it('leads out of the late upload to a new order (the code cannot be paid any more)', () => {
    const late = purchaseReducer(expired, { type: 'UPLOAD_LATE' });
    expect(purchaseReducer(late, { type: 'START_OVER' })).toBe(initialPurchaseState);
  });

  it('is only offered from expiry', () => {
    expect(purchaseReducer(atPayment, { type: 'UPLOAD_LATE' })).toBe(atPayment);
    expect(purchaseReducer(confirmed, { type: 'UPLOAD_LATE' })).toBe(confirmed);
  });
});

describe('the way back from the payment step (decision 058)', () => {
  it('corrects the contact of the same order, normalised, and ignores an invalid one', () => {
    const changed = purchaseReducer(withImage, {
      type: 'CHANGE_ORDER_CONTACT',
      contact: ' +959 7812 34567 ',
    });
    expect(changed).toEqual({
      ...withImage,
      order: { ...order, contact: '09781234567', contactKind: 'phone' },
    });
    expect(purchaseReducer(atPayment, { type: 'CHANGE_ORDER_CONTACT', contact: 'nope' })).toBe(
      atPayment,
    );
    expect(purchaseReducer(verifying, { type: 'CHANGE_ORDER_CONTACT', contact: 'a@b.co' })).toBe(
      verifying,
    );
  });

  it('cancels an order on the payment step only, back to the plans with the choices kept', () => {
    expect(purchaseReducer(atPayment, { type: 'CANCEL_ORDER' })).toEqual({
      step: 'plan',
      draft: { planId: order.planId, operatorId: order.operatorId, contact: order.contact },
    });
    for (const state of [verifying, confirmed, failed, expired]) {
      expect(purchaseReducer(state, { type: 'CANCEL_ORDER' })).toBe(state);
    }
  });
});
