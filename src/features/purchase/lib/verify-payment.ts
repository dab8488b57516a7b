import { isAiError } from '../../../lib/ai/errors';
import { abortable, withTimeout } from '../../../lib/ai/signals';
import type { Language } from '../../../lib/i18n/languages';
import { VERIFICATION_TIMEOUT_MS } from './constants';
import type { Order, Verification } from './purchase-machine';
import { blobToBase64 } from '../../../lib/base64';
import type { PreparedReceipt } from './receipt-image';
import { decideReceipt } from './receipt-rules';
import { rememberTransactionId, usedTransactionIds } from './used-transactions';

export type VerifyPaymentInput = {
  order: Order;
  receipt: PreparedReceipt;
  language: Language;
  signal?: AbortSignal;
  timeoutMs?: number;
  now?: () => number;
};

/**
 * Sends the receipt to the AI service and decides in code on what the model read. Always
 * resolves with a verification (the flow then moves to the result), except when the caller
 * aborts. The time limit covers the whole check (loading the AI client, encoding the image,
 * the call). A confirmed transaction id is remembered so that it cannot buy a second order.
 */
export async function verifyPayment(input: VerifyPaymentInput): Promise<Verification> {
  const now = input.now ?? Date.now;
  const timeoutMs = input.timeoutMs ?? VERIFICATION_TIMEOUT_MS;
  const signal = withTimeout(input.signal, timeoutMs);
  try {
    const [{ verifyReceipt }, base64] = await abortable(
      Promise.all([import('../../../lib/ai/receipt'), blobToBase64(input.receipt.blob)]),
      signal,
    );
    const reading = await verifyReceipt({
      image: { mimeType: input.receipt.mimeType, base64 },
      language: input.language,
      demo: {
        orderNumber: input.order.number,
        amount: input.order.price,
        currency: input.order.currency,
        now: new Date(now()),
      },
      signal,
      timeoutMs,
    });
    const decision = decideReceipt(reading, {
      price: input.order.price,
      now: now(),
      usedTransactionIds: usedTransactionIds(now()),
      orderCreatedAt: input.order.createdAt,
    });
    if (!decision.confirmed) return { status: 'failed', reason: decision.reason };
    const verifiedAt = now();
    rememberTransactionId(decision.transactionId, verifiedAt);
    return {
      status: 'confirmed',
      transactionId: decision.transactionId,
      transactionTime: decision.transactionTime,
      verifiedAt,
    };
  } catch (error) {
    if (input.signal?.aborted) throw error;
    if (isAiError(error) && (error.kind === 'unreadable' || error.kind === 'invalid')) {
      return { status: 'failed', reason: { code: 'unreadable' } };
    }
    // Empty answer, timeout, network, quota, refusal, or anything unexpected.
    return { status: 'failed', reason: { code: 'verificationFailed' } };
  }
}
