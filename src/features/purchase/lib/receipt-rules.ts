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
  /** The answer was not the JSON we asked for. */
  | { code: 'unreadable' }
  | { code: 'amountMissing' }
  | { code: 'amountMismatch'; paid: number; currency: string | null }
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

const KYAT = /^(mmk|ks\.?|kyats?|k|ကျပ်|104)$/i;

/** A money amount as a number, from a number or text such as "80,000 Ks" or "80000.00". */
export function readAmount(value: ReceiptReading['amount']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const digits = asciiDigits(value);
  const match = /-?\d[\d,\s]*(?:\.\d+)?/.exec(digits);
  if (!match) return null;
  const amount = Number(match[0].replace(/[,\s]/g, ''));
  return Number.isFinite(amount) ? amount : null;
}

/** Whether a currency the model read means kyat; no currency at all is taken as kyat. */
export function isKyat(currency: string | null | undefined): boolean {
  const text = currency?.trim() ?? '';
  return text === '' || KYAT.test(text);
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
    return fail({ code: 'notConfirmed', modelReason: reading.reason.trim() });
  }
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
  if (id !== null && expected.usedTransactionIds.has(id)) {
    return fail({ code: 'reused', transactionId: reading.transactionId.trim() });
  }
  return {
    confirmed: true,
    transactionId: reading.transactionId.trim() || 'N/A',
    transactionTime: time,
  };
}
