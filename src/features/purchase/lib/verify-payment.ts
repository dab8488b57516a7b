import type { AiSettings } from '../../../lib/ai/client';
import { isAiError } from '../../../lib/ai/errors';
import type * as ReceiptApi from '../../../lib/ai/receipt';
import { abortable, withTimeout } from '../../../lib/ai/signals';
import type { Language } from '../../../lib/i18n/languages';
import { VERIFICATION_TIMEOUT_MS } from '#domain/payment-window';
import type { Order, Verification } from './purchase-machine';
import { blobToBase64 } from '../../../lib/base64';
import { retryableImport } from '../../../lib/retry-import';
import type { PreparedReceipt } from './receipt-image';
import { env } from '../../../config/env';
import { payeeNames } from '#domain/payee';
import { decideReceipt } from '#domain/receipt-rules';
import { usedTransactionIds } from './used-transactions';

export type VerifyPaymentInput = {
  ai: AiSettings;
  order: Order;
  receipt: PreparedReceipt;
  language: Language;
  signal?: AbortSignal;
  timeoutMs?: number;
  now?: () => number;
};

type ReceiptModule = typeof ReceiptApi;

/** Thrown when verification's code could not be loaded (offline, a dropped connection). */
class CodeNotLoaded extends Error {
  override name = 'CodeNotLoaded';
}

let verificationCode: Promise<ReceiptModule> | undefined;
const loadReceiptModule = retryableImport(() => import('../../../lib/ai/receipt'));
const loadClientModule = retryableImport(() => import('../../../lib/ai/client'));

/**
 * Loads verification's code (the receipt module and the AI transport) once; the payment step calls
 * it when it opens, so that a connection dropping at "Upload and verify" does not find the code
 * missing. A failed load is forgotten, so the next call fetches again (under a new URL, see
 * lib/retry-import) instead of failing forever.
 */
export function loadVerificationCode(ai: AiSettings): Promise<ReceiptModule> {
  if (!verificationCode) {
    const loading = Promise.all([
      loadReceiptModule(),
      loadClientModule().then((client) => client.getAiTransport(ai)),
    ]).then(([receipt]) => receipt);
    verificationCode = loading;
    loading.catch(() => {
      if (verificationCode === loading) verificationCode = undefined;
    });
  }
  return verificationCode;
}

/** The names the shop's bank prints as payee: the build's MMQR merchant names. */
const shopPayeeNames = () => payeeNames('', [env.mmqr.merchantName, env.mmqr.merchantNameMy]);

/** fetch's own failure (a TypeError): no answer came back from the AI service at all. */
const isNoAnswer = (error: unknown) =>
  isAiError(error) && error.kind === 'network' && error.cause instanceof TypeError;

/**
 * Sends the receipt to the AI service and decides in code on what the model read. Always
 * resolves with a verification (the flow then moves to the result), except when the caller
 * aborts. The time limit covers the whole check (loading the AI client, encoding the image,
 * the call). Nothing is stored here: the flow remembers a confirmed transaction id (so that it
 * cannot buy a second order) on its transition to the result (use-purchase-flow.ts).
 */
export async function verifyPayment(input: VerifyPaymentInput): Promise<Verification> {
  const now = input.now ?? Date.now;
  const timeoutMs = input.timeoutMs ?? VERIFICATION_TIMEOUT_MS;
  const signal = withTimeout(input.signal, timeoutMs);
  try {
    const [{ verifyReceipt }, base64] = await abortable(
      Promise.all([
        loadVerificationCode(input.ai).catch((error: unknown) => {
          throw new CodeNotLoaded('Verification code could not be loaded', { cause: error });
        }),
        blobToBase64(input.receipt.blob),
      ]),
      signal,
    );
    const reading = await verifyReceipt(input.ai, {
      image: { mimeType: input.receipt.mimeType, base64 },
      language: input.language,
      demo: {
        orderNumber: input.order.number,
        amount: input.order.price,
        currency: input.order.currency,
        now: new Date(now()),
        payee: env.mmqr.merchantName,
      },
      signal,
      timeoutMs,
    });
    const decision = decideReceipt(reading, {
      price: input.order.price,
      now: now(),
      usedTransactionIds: usedTransactionIds(now()),
      orderCreatedAt: input.order.createdAt,
      orderExpiresAt: input.order.expiresAt,
      // Static mode: the build's MMQR merchant name(s), which the payment code carries.
      payeeNames: shopPayeeNames(),
      orderNumber: input.order.number,
    });
    if (!decision.confirmed) return { status: 'failed', reason: decision.reason };
    return {
      status: 'confirmed',
      transactionId: decision.transactionId,
      transactionTime: decision.transactionTime,
      verifiedAt: now(),
      payeeShown: decision.payeeShown,
    };
  } catch (error) {
    if (input.signal?.aborted) throw error;
    if (isAiError(error) && (error.kind === 'unreadable' || error.kind === 'invalid')) {
      return { status: 'failed', reason: { code: 'unreadable' } };
    }
    // No answer at all: the buyer's connection, not their screenshot. Try Again works once it is
    // back (the order stays in the session).
    if (error instanceof CodeNotLoaded || isNoAnswer(error)) {
      return { status: 'failed', reason: { code: 'connectionProblem' } };
    }
    // Empty answer, timeout, quota, refusal, or anything unexpected.
    return { status: 'failed', reason: { code: 'verificationFailed' } };
  }
}
