/** Business constants of the purchase flow (SPEC §9). */

/** How long a payment code stays valid: 10 minutes. */
export const PAYMENT_WINDOW_MS = 10 * 60_000;

/** A receipt must show a transaction from the last 12 hours. */
export const RECEIPT_MAX_AGE_MS = 12 * 60 * 60_000;

/** Clock skew tolerated between the buyer's phone, the bank and this device. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** A verification that takes longer stops with the default failure message. */
export const VERIFICATION_TIMEOUT_MS = 60_000;

/** A receipt file larger than this is refused before anything is read or sent. */
export const RECEIPT_MAX_BYTES = 20 * 1024 * 1024;

/** The long side of the image that is sent for verification. */
export const RECEIPT_MAX_SIDE = 1600;

/** What a prepared receipt should weigh at most. */
export const RECEIPT_TARGET_BYTES = 300 * 1024;

/** Myanmar Standard Time, used when a receipt shows a time without a zone. */
export const MYANMAR_UTC_OFFSET = '+06:30';
