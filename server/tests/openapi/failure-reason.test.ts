import type { z } from '@hono/zod-openapi';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FailureReason } from '#domain/receipt-rules';
import { FailureReasonSchema } from '../../src/orders/schemas';

/** One reason of each code, with its fields: a code added to FailureReason needs one here. */
const examples: { [C in FailureReason['code']]: Extract<FailureReason, { code: C }> } = {
  notConfirmed: { code: 'notConfirmed', modelReason: 'The payment is pending.' },
  verificationFailed: { code: 'verificationFailed' },
  connectionProblem: { code: 'connectionProblem' },
  tooManyAttempts: { code: 'tooManyAttempts', retryAfterSeconds: 60 },
  unreadable: { code: 'unreadable' },
  amountMissing: { code: 'amountMissing' },
  amountMismatch: { code: 'amountMismatch', paid: 70_000, currency: 'MMK' },
  notSuccessful: { code: 'notSuccessful', status: 'Pending' },
  idMissing: { code: 'idMissing' },
  timeMissing: { code: 'timeMissing' },
  tooOld: { code: 'tooOld' },
  beforeOrder: { code: 'beforeOrder' },
  inFuture: { code: 'inFuture' },
  afterExpiry: { code: 'afterExpiry' },
  reused: { code: 'reused', transactionId: '01234567890123456789' },
  payee: { code: 'payee', payee: 'U Ba' },
  reference: { code: 'reference', reference: '#NXR-20261123-163000' },
};

describe('the refusal reason in the contract (issue #39 point 6)', () => {
  it('is receipt-rules’ FailureReason exactly: every code, its fields, nothing else', () => {
    expectTypeOf<z.infer<typeof FailureReasonSchema>>().toEqualTypeOf<FailureReason>();
    const codes = FailureReasonSchema.options.map((option) => option.shape.code.value);
    expect(codes.sort()).toEqual(Object.keys(examples).sort());
    for (const example of Object.values(examples)) {
      expect(FailureReasonSchema.parse(example)).toEqual(example);
    }
    expect(FailureReasonSchema.safeParse({ code: 'somethingElse' }).success).toBe(false);
    expect(FailureReasonSchema.safeParse({ code: 'reused' }).success).toBe(false);
    expect(FailureReasonSchema.safeParse({ code: 'amountMismatch', paid: '70000' }).success).toBe(
      false,
    );
  });
});
