/** The payment window and the receipt check's time limits (SPEC §9), shared by shop and server. */

/** How long a payment code stays valid: 10 minutes. */
export const PAYMENT_WINDOW_MS = 10 * 60_000;

/** A receipt must show a transaction from the last 12 hours. */
export const RECEIPT_MAX_AGE_MS = 12 * 60 * 60_000;

/** Clock skew tolerated between the buyer's phone, the bank and this device. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** A verification that takes longer stops with the default failure message. */
export const VERIFICATION_TIMEOUT_MS = 60_000;
