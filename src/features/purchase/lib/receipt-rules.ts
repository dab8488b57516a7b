import type { ReceiptReading } from '../../../lib/ai/receipt';
import { asciiDigits } from '../../../lib/i18n/format';
import { CLOCK_SKEW_MS, MYANMAR_UTC_OFFSET, RECEIPT_MAX_AGE_MS } from './constants';

/**
 * Why a receipt was not accepted. The model only reads the screenshot; these rules decide, so
 * text inside an image that tells the model to approve cannot pass a wrong amount or an old
 * receipt.
 */
export type FailureReason =
  /** The model did not confirm; its reason is shown (or the default message when empty). */
  | { code: 'notConfirmed'; modelReason: string }
  /** Empty answer, network failure, timeout or any other exception. */
  | { code: 'verificationFailed' }
  /** Verification's code or the AI service could not be reached (offline, a dropped connection). */
  | { code: 'connectionProblem' }
  /** The answer was not the JSON we asked for. */
  | { code: 'unreadable' }
  | { code: 'amountMissing' }
  | { code: 'amountMismatch'; paid: number; currency: string | null }
  /** The receipt itself says the payment is not (yet) successful: pending, failed, reversed. */
  | { code: 'notSuccessful'; status: string }
  /** No transaction id: staff could not match the payment, and reuse could not be checked. */
  | { code: 'idMissing' }
  | { code: 'timeMissing' }
  | { code: 'tooOld' }
  | { code: 'inFuture' }
  | { code: 'reused'; transactionId: string };

export type ReceiptDecision =
  | { confirmed: true; transactionId: string; transactionTime: number }
  | { confirmed: false; reason: FailureReason };

export type ReceiptExpectation = {
  /** The plan price in MMK. */
  price: number;
  /** Epoch ms when the decision is made. */
  now: number;
  /** Normalised ids of transactions already accepted on this device. */
  usedTransactionIds: ReadonlySet<string>;
};

const KYAT = /^(mmk|ks|kyats?|k|ကျပ်|104)$/i;

/** Statuses a wallet shows for a payment that has not gone through (in English or Burmese). */
const NOT_SUCCESSFUL =
  /fail|pending|processing|declin|reject|cancel|revers|refund|expired|error|unsuccess|hold|waiting|မအောင်မြင်|ဆိုင်းငံ့|ပယ်ဖျက်/i;

/** The longest model reason shown to the buyer; text planted in an image stays short. */
export const MODEL_REASON_MAX_CHARS = 240;

/**
 * A money amount as a number, from a number or text such as "80,000 Ks" or "80000.00". The
 * sign is dropped: wallets show an outgoing payment as "-80,000.00" or "(80,000)".
 */
export function readAmount(value: ReceiptReading['amount']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.abs(value) : null;
  if (typeof value !== 'string') return null;
  const digits = asciiDigits(value);
  const match = /\d[\d,\s]*(?:\.\d+)?/.exec(digits);
  if (!match) return null;
  const amount = Number(match[0].replace(/[,\s]/g, ''));
  return Number.isFinite(amount) ? amount : null;
}

/** Whether a currency the model read means kyat ("MMK.", "(Ks)"); none at all is taken as kyat. */
export function isKyat(currency: string | null | undefined): boolean {
  const text = (currency ?? '').replace(/[\s.()[\]]/g, '');
  return text === '' || KYAT.test(text);
}

/** Whether the status the model read says the payment did not (yet) succeed. */
export function isUnsuccessfulStatus(status: string | null | undefined): boolean {
  return NOT_SUCCESSFUL.test(status ?? '');
}

/** The model's reason as shown to the buyer: trimmed and cut to a sentence-sized length. */
export function shownReason(reason: string): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  return text.length <= MODEL_REASON_MAX_CHARS
    ? text
    : `${text.slice(0, MODEL_REASON_MAX_CHARS - 1).trimEnd()}…`;
}

/**
 * An ISO 8601 time as epoch ms. A time without a zone is Myanmar time (UTC+06:30), as bank
 * apps in Myanmar show it. Anything else (free text, a date alone) is unreadable: null.
 */
export function readTransactionTime(value: string | null | undefined): number | null {
  const text = (value ?? '')
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2})\s+/, '$1T')
    .replace(/\s+(?=(?:Z|[+-]\d{2}:?\d{2})$)/i, '');
  const iso =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!iso?.[1]) return null;
  const zone = iso[2]
    ? iso[2].toUpperCase() === 'Z'
      ? 'Z'
      : iso[2].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')
    : MYANMAR_UTC_OFFSET;
  const time = Date.parse(`${iso[1]}${zone}`);
  return Number.isNaN(time) ? null : time;
}

/** A transaction id in the form kept on this device, or null when the receipt shows none. */
export function normalizeTransactionId(id: string | null | undefined): string | null {
  const text = (id ?? '').replace(/\s+/g, '').toUpperCase();
  if (!text || /^(N\/?A|NONE|NULL|UNKNOWN|-+)$/.test(text)) return null;
  return text;
}

/** The decision on what the model read, made in code. */
export function decideReceipt(
  reading: ReceiptReading,
  expected: ReceiptExpectation,
): ReceiptDecision {
  const fail = (reason: FailureReason): ReceiptDecision => ({ confirmed: false, reason });
  if (reading.isPaymentConfirmed !== true) {
    return fail({ code: 'notConfirmed', modelReason: shownReason(reading.reason) });
  }
  const status = reading.status?.trim() ?? '';
  if (isUnsuccessfulStatus(status))
    return fail({ code: 'notSuccessful', status: shownReason(status) });
  const paid = readAmount(reading.amount);
  if (paid === null) return fail({ code: 'amountMissing' });
  const currency = reading.currency?.trim() || null;
  if (!isKyat(currency) || Math.abs(paid - expected.price) > 0.001) {
    return fail({ code: 'amountMismatch', paid, currency });
  }
  const time = readTransactionTime(reading.transactionTime);
  if (time === null) return fail({ code: 'timeMissing' });
  if (time > expected.now + CLOCK_SKEW_MS) return fail({ code: 'inFuture' });
  if (expected.now - time > RECEIPT_MAX_AGE_MS) return fail({ code: 'tooOld' });
  const id = normalizeTransactionId(reading.transactionId);
  if (id === null) return fail({ code: 'idMissing' });
  if (expected.usedTransactionIds.has(id)) {
    return fail({ code: 'reused', transactionId: reading.transactionId.trim() });
  }
  return { confirmed: true, transactionId: reading.transactionId.trim(), transactionTime: time };
}
