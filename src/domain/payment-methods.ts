/**
 * The ways a buyer can pay (issue #44). Today one: the order's MMQR code, scanned by a Myanmar
 * wallet or bank app; no card. What the shop says about bank cards ("No card needed", "Bank cards
 * are not accepted") follows this list, so that a card method added here takes those sentences
 * away with it instead of leaving them false.
 */
export type PaymentMethod = { id: string; /** A bank card (Visa, Mastercard…). */ card: boolean };

export const paymentMethods: readonly PaymentMethod[] = [{ id: 'mmqr', card: false }];

/** Whether any offered method takes a bank card. */
export const takesCards = (methods: readonly PaymentMethod[] = paymentMethods) =>
  methods.some((method) => method.card);
