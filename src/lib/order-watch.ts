import { deliveryInProgress, type OrderDelivery } from './delivery';

/**
 * The one watch of a buyer's order on the shop's server (decision 142): the purchase flow and the
 * order page both ask through it, each for what it waits for, at the one cadence this policy
 * gives that wait. Pure of React: a page starts it in an effect and stops it in the cleanup.
 */

/** What a watched order waits for. */
export type OrderWait =
  /** A receipt check this page did not start (a reload during "Checking…"), until it settles. */
  | 'check'
  /** The open payment step: paid without an upload (a bank notification), expired, cancelled. */
  | 'payment'
  /** An eSIM held for the bank's confirmation (a notification may come any second). */
  | 'bank'
  /** An eSIM waiting for stock (staff may import any time, or not for hours). */
  | 'stock'
  /** The eSIM being ordered from the operator's SM-DP+, or installed on the phone. */
  | 'progress'
  /** The eSIM is out and its email on its way (issue #44). */
  | 'email';

export type OrderWatchCadence = {
  /** The first round's wait (ms). */
  every: number;
  /** Each quiet round waits twice as long as the last, up to this (ms); absent: no backoff. */
  upTo?: number;
  /** Asks only while the page is in view; back in view, it asks at once. */
  inView: boolean;
};

/**
 * How often each wait asks. A buyer paying in a wallet app has this page hidden, and a check may
 * end meanwhile: those two ask on. What only changes the screen pauses while nobody sees it.
 */
export const orderWatchPolicy: Record<OrderWait, OrderWatchCadence> = {
  check: { every: 2_000, inView: false },
  // Well within 3 s.
  payment: { every: 1_500, inView: false },
  bank: { every: 1_500, inView: true },
  stock: { every: 1_500, upTo: 60_000, inView: true },
  progress: { every: 3_000, inView: true },
  email: { every: 3_000, inView: true },
};

/** What a paid order's delivery still waits for on the server, or null: nothing comes by itself. */
export function deliveryWait(
  delivery: OrderDelivery | null | undefined,
): 'progress' | 'bank' | 'stock' | null {
  if (deliveryInProgress(delivery)) return 'progress';
  if (delivery?.state === 'held') return 'bank';
  if (delivery?.state === 'waiting_for_stock') return 'stock';
  return null;
}

/**
 * Asks `ask` by the wait's cadence until the returned function stops it: the first time after
 * one round (or at once with `atOnce`), the next one round after each answer. A failed question
 * (offline) is asked again at the next round; a stopped watch aborts the question in flight.
 */
export function startOrderWatch(
  wait: OrderWait,
  ask: (signal: AbortSignal) => Promise<unknown>,
  { atOnce = false }: { atOnce?: boolean } = {},
): () => void {
  const { every, upTo, inView } = orderWatchPolicy[wait];
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = every;
  let asking = false;
  const hidden = () => inView && document.visibilityState === 'hidden';

  const round = async () => {
    timer = undefined;
    if (!hidden()) {
      asking = true;
      try {
        await ask(controller.signal);
      } catch {
        // Offline or aborted: the next round asks again.
      }
      asking = false;
    }
    if (controller.signal.aborted) return;
    timer = setTimeout(() => void round(), delay);
    if (upTo) delay = Math.min(delay * 2, upTo);
  };
  // Back in view: what changed while hidden is asked at once.
  const shown = () => {
    if (document.visibilityState === 'hidden' || asking || controller.signal.aborted) return;
    clearTimeout(timer);
    void round();
  };

  timer = setTimeout(() => void round(), atOnce ? 0 : every);
  if (upTo && !atOnce) delay = Math.min(every * 2, upTo);
  if (inView) document.addEventListener('visibilitychange', shown);
  return () => {
    controller.abort();
    clearTimeout(timer);
    if (inView) document.removeEventListener('visibilitychange', shown);
  };
}
