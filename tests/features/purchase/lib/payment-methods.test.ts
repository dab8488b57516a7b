import { describe, expect, it } from 'vitest';
import { paymentMethods, takesCards } from '#domain/payment-methods';

describe('the ways to pay (issue #44)', () => {
  it('take no bank card today: MMQR only', () => {
    expect(paymentMethods.map((method) => method.id)).toEqual(['mmqr']);
    expect(takesCards()).toBe(false);
  });

  it('take cards as soon as one method does', () => {
    expect(takesCards([...paymentMethods, { id: 'visa', card: true }])).toBe(true);
  });
});
