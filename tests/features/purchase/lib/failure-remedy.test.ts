import { describe, expect, it } from 'vitest';
import { failureRemedy } from '../../../../src/features/purchase/lib/failure-remedy';
import type { FailureReason } from '#domain/receipt-rules';

describe('failureRemedy: what can still help after a refusal', () => {
  it.each<[FailureReason, ReturnType<typeof failureRemedy>]>([
    // Paid after the code expired: no screenshot can pay this order; a new order can.
    [{ code: 'afterExpiry' }, 'newOrder'],
    // The screenshot was not read well enough: a clearer one may pass.
    [{ code: 'notConfirmed', modelReason: 'Blurry.' }, 'clearerScreenshot'],
    [{ code: 'verificationFailed' }, 'clearerScreenshot'],
    [{ code: 'amountMissing' }, 'clearerScreenshot'],
    [{ code: 'timeMissing' }, 'clearerScreenshot'],
    [{ code: 'idMissing' }, 'clearerScreenshot'],
    [{ code: 'notSuccessful', status: '' }, 'clearerScreenshot'],
    // A clearer picture of the same receipt cannot help; another try can.
    [{ code: 'notSuccessful', status: 'Pending' }, 'tryAgain'],
    [{ code: 'connectionProblem' }, 'tryAgain'],
    [{ code: 'unreadable' }, 'tryAgain'],
    [{ code: 'amountMismatch', paid: 8_000, currency: 'MMK' }, 'tryAgain'],
    [{ code: 'tooOld' }, 'tryAgain'],
    [{ code: 'beforeOrder' }, 'tryAgain'],
    [{ code: 'inFuture' }, 'tryAgain'],
    [{ code: 'reused', transactionId: 'T1' }, 'tryAgain'],
    [{ code: 'payee', payee: 'Ko Aung' }, 'tryAgain'],
    [{ code: 'tooManyAttempts', retryAfterSeconds: 60 }, 'tryAgain'],
    [{ code: 'payee', payee: '' }, 'tryAgain'],
    [{ code: 'reference', reference: '#NXR-20261121-214500' }, 'tryAgain'],
  ])('%o → %s', (reason, remedy) => {
    expect(failureRemedy(reason)).toBe(remedy);
  });
});
