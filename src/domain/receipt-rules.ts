import { asciiDigits } from './digits';
import { MYANMAR_UTC_OFFSET } from './myanmar-time';
import { CLOCK_SKEW_MS, RECEIPT_MAX_AGE_MS } from './payment-window';
import type { ReceiptReading } from './receipt-prompt';
import { orderNumbersIn, parseOrderNumber } from './order-number';
import { isShopPayee, shownPayeeName } from './payee';

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
  /** Server mode: too many receipts for this order or from this address (429); wait this long. */
  | { code: 'tooManyAttempts'; retryAfterSeconds: number }
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
  /** The payment was made before this order existed, so it cannot have paid for it. */
  | { code: 'beforeOrder' }
  | { code: 'inFuture' }
  /** The payment was made after the order's payment code expired (and the clock skew). */
  | { code: 'afterExpiry' }
  | { code: 'reused'; transactionId: string }
  /**
   * The receipt shows a payment to someone who is not the shop (`payee` as read), or a personal
   * transfer that names nobody (`payee` empty): it did not pay this shop.
   */
  | { code: 'payee'; payee: string }
  /** The receipt's reference names another order of this shop (`reference`, canonical). */
  | { code: 'reference'; reference: string };

export type ReceiptDecision =
  | {
      confirmed: true;
      transactionId: string;
      transactionTime: number;
      /**
       * True when the receipt showed the shop as payee; false when it showed no payee at all:
       * confirmed, never silently (the delivery policy decides what such a payment gets).
       */
      payeeShown: boolean;
    }
  | { confirmed: false; reason: FailureReason };

export type ReceiptExpectation = {
  /** The plan price in MMK. */
  price: number;
  /** Epoch ms when the decision is made. */
  now: number;
  /** Normalised ids of transactions already accepted on this device. */
  usedTransactionIds: ReadonlySet<string>;
  /**
   * Epoch ms when the order (and so its payment code) was made: a payment from before it paid
   * for something else. Clock skew is allowed for.
   */
  orderCreatedAt?: number;
  /**
   * Epoch ms when the order's payment code expired: a receipt uploaded late is accepted when the
   * payment itself was made by then (clock skew allowed for), refused when made after.
   */
  orderExpiresAt?: number;
  /**
   * The names the shop's bank account prints as payee (MERCHANT_PAYEE_NAMES, or the MMQR
   * merchant names). A receipt to anyone else is refused; without names no payee can be shown.
   */
  payeeNames?: readonly string[];
  /** This order's number: a reference that names another order is refused. */
  orderNumber?: string;
};

/** A kyat token as wallets write it: MMK, Ks, Kyat(s), ကျပ်, K, or ISO 4217's number 104. */
const KYAT = /^(mmk|ks|kyats?|k|ကျပ်|104)$/i;

/**
 * Success words a status may contain, in English and Burmese (အောင်မြင် "successful", ပြီးဆုံး
 * and ပြီးမြောက် "completed"). Word boundaries keep "unpaid", "incomplete" and "unsuccessful" out.
 */
const SUCCESS =
  /\b(?:success|successful|successfully|succeeded|complete|completed|paid|approved)\b|အောင်မြင်|ပြီးဆုံး|ပြီးမြောက်/iu;

/**
 * Words that undo a success word ("Not successful", "Refund completed", "Successful, pending
 * settlement") or mark an unfinished payment. Burmese negates with မ before the verb
 * (မအောင်မြင်, မပြီးဆုံး) or with မရှိ / မဟုတ် after it.
 */
const NOT_SUCCESSFUL =
  /\b(?:not|no|never|without|non|un\w*|in\s*progress|incomplete|fail\w*|pending|processing|declined?|rejected|cancel\w*|revers\w*|refund\w*|expired|error|hold|waiting|awaiting|timed?\s*out|insufficient|submitted|queued|initiated|partial\w*)\b|n['’]t\b|မ(?=အောင်|ပြီး)|မရှိ|မဟုတ်|ဆိုင်းငံ့|ပယ်ဖျက်|စောင့်ဆိုင်း|လုပ်ဆောင်ဆဲ|ပြန်အမ်း/iu;

/** Control and format characters (zero-width spaces, bidi marks) hidden in read text. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * Latin letters that Cyrillic and Greek capitals imitate, so that "КВZ0001" in Cyrillic and
 * "KBZ0001" are one id. Applied after upper-casing.
 */
const LOOKALIKES = 'АВЕЅІЈКМНОРСТУХҮԀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ';
const LATIN_OF_LOOKALIKES = 'ABESIJKMHOPCTYXYDQWABEZHIKMNOPTYX';
const LOOKALIKE = new RegExp(`[${LOOKALIKES}]`, 'gu');

/** Labels a model may copy in front of the id: "TXN ", "Trans ID:", "Ref No.", "Transaction No". */
const ID_LABEL =
  /^(?:TRANSACTION|TRANS|TXN|TRX|REFERENCE|REF|ID|NO)(?:[\s.:#_/-]*(?:ID|NO|NUMBER|NUM|NR))?(?:[\s.:#_/-]+|(?=\d)|$)/u;

/** The fewest letters and digits a transaction id has; shorter readings are placeholders. */
export const TRANSACTION_ID_MIN_CHARS = 6;

/** The longest transaction id shown back to the buyer and sent with the order. */
const TRANSACTION_ID_MAX_CHARS = 64;

/** The longest model reason shown to the buyer; text planted in an image stays short. */
export const MODEL_REASON_MAX_CHARS = 240;

/** Text as read, in one form: NFKC (fullwidth to ASCII), ASCII digits, no hidden characters. */
function plain(text: string): string {
  return asciiDigits(text.normalize('NFKC')).replace(INVISIBLE, '');
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/** One amount: an optional sign or brackets, at most one currency token, exactly one number. */
const AMOUNT = new RegExp(
  String.raw`^([-+−–]?)\s*(\(?)\s*(?:([\p{L}\p{M}]+\.?|[$€£¥฿₹])\s*)?([-+−–]?)\s*(${NUMBER})\s*(?:([\p{L}\p{M}]+\.?|[$€£¥฿₹]))?\s*(\)?)$`,
  'u',
);
/** Tokens taken as another currency: ISO codes written in capitals, and currency symbols. */
const OTHER_CURRENCY = /^(?:[A-Z]{3}|[$€£¥฿₹])$/u;

/**
 * An amount string read strictly: exactly one number, with at most one kyat token or one other
 * currency (returned as `currency`). Anything else ("80,000 / 1", "80000abc", "8 0000",
 * "Balance 80,000 Paid 5,000") is unreadable: null.
 */
function parseAmountText(value: string): { amount: number; currency: string | null } | null {
  const match = AMOUNT.exec(plain(value).trim());
  if (!match) return null;
  const [, sign, open, before, innerSign, digits, after, close] = match;
  if (before && after) return null;
  if (!!open !== !!close || (sign && innerSign)) return null;
  const token = (before ?? after ?? '').replace(/\.$/, '');
  let currency: string | null = null;
  if (token && !KYAT.test(token)) {
    if (!OTHER_CURRENCY.test(token)) return null;
    currency = token;
  }
  const amount = Number((digits ?? '').replace(/,/g, ''));
  return Number.isFinite(amount) ? { amount, currency } : null;
}

/**
 * A kyat amount as a number, from a number or text such as "80,000 Ks", "MMK 80,000",
 * "၈၀,၀၀၀ ကျပ်" or "80000.00". The sign is dropped: wallets show an outgoing payment as
 * "-80,000.00" or "(80,000)". Text with another currency, a second number or other words is
 * not read: null.
 */
export function readAmount(value: ReceiptReading['amount']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.abs(value) : null;
  if (typeof value !== 'string') return null;
  const parsed = parseAmountText(value);
  return parsed && parsed.currency === null ? parsed.amount : null;
}

/** Whether a currency the model read means kyat ("MMK.", "(Ks)"); none at all is taken as kyat. */
export function isKyat(currency: string | null | undefined): boolean {
  const text = plain(currency ?? '').replace(/[\s.()[\]]/g, '');
  return text === '' || KYAT.test(text);
}

/**
 * Whether the status the model read says the payment went through: it must contain a success
 * word and nothing that undoes it. A missing status is not a success: the receipt must show it.
 */
export function isSuccessfulStatus(status: string | null | undefined): boolean {
  const text = plain(status ?? '').trim();
  return SUCCESS.test(text) && !NOT_SUCCESSFUL.test(text);
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

/**
 * A transaction id in the form kept on this device, so that one receipt written differently is
 * still one id: NFKC (fullwidth to ASCII), Myanmar digits (and the letter ဝ read for ၀) to ASCII,
 * Cyrillic and Greek lookalikes to Latin, a copied label ("TXN ", "Ref No.") dropped, then only
 * A–Z and 0–9 kept. Null when the receipt shows none: fewer than six letters and digits, no
 * digit at all ("not available", "Not shown"), or one character repeated ("000000").
 */
export function normalizeTransactionId(id: string | null | undefined): string | null {
  let text = plain((id ?? '').replace(/\u101d/g, '0'))
    .toUpperCase()
    .replace(LOOKALIKE, (letter) => LATIN_OF_LOOKALIKES[LOOKALIKES.indexOf(letter)] ?? letter)
    .trim();
  for (let round = 0; round < 2; round++) text = text.replace(ID_LABEL, '');
  const kept = text.replace(/[^A-Z0-9]/g, '');
  if (kept.length < TRANSACTION_ID_MIN_CHARS || !/\d/.test(kept) || /^(.)\1*$/.test(kept)) {
    return null;
  }
  return kept;
}

/** The id as shown to the buyer and sent with the order: as read, without hidden characters. */
function shownTransactionId(id: string): string {
  const text = id.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  return text.length <= TRANSACTION_ID_MAX_CHARS ? text : text.slice(0, TRANSACTION_ID_MAX_CHARS);
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
  // A missing status is refused with the others: the receipt must show that the payment went
  // through, and the buyer is asked for a screenshot that shows it.
  if (!isSuccessfulStatus(status)) {
    return fail({ code: 'notSuccessful', status: shownReason(plainStatus(status)) });
  }
  // Who was paid: the shop, someone else (refused), or nobody shown (confirmed, flagged).
  const payee = shownPayeeName(reading.payeeName);
  const payeeShown = payee !== null && isShopPayee(payee, expected.payeeNames ?? []);
  if (payee !== null && !payeeShown) return fail({ code: 'payee', payee: shownReason(payee) });
  if (payee === null && reading.paymentKind === 'personal')
    return fail({ code: 'payee', payee: '' });
  // A reference that names one of our orders must name this one.
  const own = parseOrderNumber(expected.orderNumber);
  const other = own
    ? orderNumbersIn(reading.reference).find((number) => number !== own)
    : undefined;
  if (other !== undefined) return fail({ code: 'reference', reference: other });
  const amount =
    typeof reading.amount === 'string'
      ? parseAmountText(reading.amount)
      : { amount: readAmount(reading.amount), currency: null };
  const paid = amount?.amount ?? null;
  if (paid === null) return fail({ code: 'amountMissing' });
  const currency = reading.currency?.trim() || amount?.currency || null;
  const otherCurrency = [currency, amount?.currency].find((unit) => !isKyat(unit));
  if (otherCurrency !== undefined || Math.abs(paid - expected.price) > 0.001) {
    return fail({ code: 'amountMismatch', paid, currency: otherCurrency ?? currency });
  }
  const time = readTransactionTime(reading.transactionTime);
  if (time === null) return fail({ code: 'timeMissing' });
  if (time > expected.now + CLOCK_SKEW_MS) return fail({ code: 'inFuture' });
  if (expected.now - time > RECEIPT_MAX_AGE_MS) return fail({ code: 'tooOld' });
  if (expected.orderCreatedAt !== undefined && time < expected.orderCreatedAt - CLOCK_SKEW_MS) {
    return fail({ code: 'beforeOrder' });
  }
  if (expected.orderExpiresAt !== undefined && time > expected.orderExpiresAt + CLOCK_SKEW_MS) {
    return fail({ code: 'afterExpiry' });
  }
  const id = normalizeTransactionId(reading.transactionId);
  if (id === null) return fail({ code: 'idMissing' });
  const transactionId = shownTransactionId(reading.transactionId);
  if (expected.usedTransactionIds.has(id)) return fail({ code: 'reused', transactionId });
  return { confirmed: true, transactionId, transactionTime: time, payeeShown };
}

/** A status as shown back to the buyer: without hidden characters. */
function plainStatus(status: string): string {
  return status.normalize('NFKC').replace(INVISIBLE, '');
}
