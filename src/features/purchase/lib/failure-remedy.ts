import type { FailureReason } from '#domain/receipt-rules';

/**
 * What can still help after a receipt was refused, which decides the failure screen's main
 * action and its help text:
 * - `clearerScreenshot`: the screenshot could not be read well enough; Try Again, perhaps with a
 *   clearer one;
 * - `tryAgain`: trying again can help (another receipt, a connection back, a payment that has
 *   gone through meanwhile), a clearer picture of the same receipt cannot;
 * - `newOrder`: no receipt can pay this order any more (paid after its code expired); the way on
 *   is a new order, and Viber for a payment already taken.
 */
export type FailureRemedy = 'clearerScreenshot' | 'tryAgain' | 'newOrder';

export function failureRemedy(reason: FailureReason): FailureRemedy {
  switch (reason.code) {
    case 'notConfirmed':
    case 'verificationFailed':
    case 'amountMissing':
    case 'timeMissing':
    case 'idMissing':
      return 'clearerScreenshot';
    case 'notSuccessful':
      // Without a status the screenshot did not show it (statusMissing): a fuller one may.
      return reason.status ? 'tryAgain' : 'clearerScreenshot';
    case 'connectionProblem':
    case 'tooManyAttempts':
    case 'unreadable':
    case 'amountMismatch':
    case 'tooOld':
    case 'beforeOrder':
    case 'inFuture':
    case 'reused':
    case 'payee':
    case 'reference':
      // Paid to someone else or for another order (payee, reference): the receipt of the
      // payment to the shop for this order can still pay it.
      return 'tryAgain';
    case 'afterExpiry':
      return 'newOrder';
  }
}
