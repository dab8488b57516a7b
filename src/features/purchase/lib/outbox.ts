import { isRecord, readJson, writeJson } from './storage';

/**
 * Confirmed orders waiting to reach the shop's webhook (VITE_ORDER_WEBHOOK_URL). The outbox
 * lives in localStorage, so an order survives reloads, closed tabs and lost connections; it is
 * POSTed again with growing delays until the webhook accepts it (any 2xx answer).
 */
export const OUTBOX_KEY = 'esim-shop.order-outbox';
/** Fired on window whenever the outbox changes. */
export const OUTBOX_EVENT = 'esim-shop:outbox';

/** What the shop receives. Never the receipt image. */
export type OrderRecord = {
  orderNumber: string;
  planId: string;
  planName: string;
  operatorId: string;
  operatorName: string;
  contact: string;
  contactKind: 'email' | 'phone';
  price: number;
  currency: string;
  transactionId: string;
  /** When the receipt says the payment was made (ISO), or null when it was not read. */
  transactionTime: string | null;
  /** Who read the receipt: the Gemini model, or demo mode (no payment was checked). */
  verifiedBy: 'gemini' | 'demo';
  language: string;
  /** ISO times. */
  orderedAt: string;
  verifiedAt: string;
};

export type OutboxEntry = {
  order: OrderRecord;
  attempts: number;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
  /** Epoch ms when the webhook accepted the order; kept a while to show "sent". */
  deliveredAt: number | null;
  lastError: string | null;
};

/**
 * pending: queued, not accepted yet; retrying: the webhook has failed more than once (the buyer
 * is offered to send the order by hand); delivered; unknown: not in the outbox on this device
 * (the browser refused to store it, or it was cleared).
 */
export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'unknown';

/** Failed attempts after which the buyer is offered to send the order by Viber or email too. */
export const RETRYING_AFTER_ATTEMPTS = 2;

const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 10 * 60_000;
const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60_000;

/** The wait before attempt number `attempts + 1`: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

const isEntry = (value: unknown): value is OutboxEntry =>
  isRecord(value) &&
  isRecord(value.order) &&
  typeof value.order.orderNumber === 'string' &&
  typeof value.attempts === 'number' &&
  typeof value.nextAttemptAt === 'number';

export function readOutbox(): OutboxEntry[] {
  const stored = readJson('local', OUTBOX_KEY);
  return Array.isArray(stored) ? stored.filter(isEntry) : [];
}

/** Stores the outbox; false when the browser refused (private mode, storage full). */
function writeOutbox(entries: OutboxEntry[], now: number): boolean {
  const kept = entries.filter(
    (entry) => entry.deliveredAt === null || now - entry.deliveredAt < KEEP_DELIVERED_MS,
  );
  const stored = writeJson('local', OUTBOX_KEY, kept);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_EVENT));
  return stored;
}

/**
 * Adds a confirmed order, once per order number; it is due at once. False when it could not be
 * stored: the success screen then offers to send the order by Viber or email.
 */
export function enqueueOrder(order: OrderRecord, now: number): boolean {
  const entries = readOutbox();
  if (entries.some((entry) => entry.order.orderNumber === order.orderNumber)) return true;
  return writeOutbox(
    [...entries, { order, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null }],
    now,
  );
}

export function deliveryStatus(orderNumber: string): DeliveryStatus {
  const entry = readOutbox().find((item) => item.order.orderNumber === orderNumber);
  if (!entry) return 'unknown';
  if (entry.deliveredAt !== null) return 'delivered';
  return entry.attempts >= RETRYING_AFTER_ATTEMPTS ? 'retrying' : 'pending';
}

export type FlushOptions = {
  url: string;
  now?: () => number;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
};

/**
 * Sends every due order once. Returns when the next undelivered order is due (epoch ms), or
 * null when nothing is waiting.
 */
export async function flushOutbox(options: FlushOptions): Promise<number | null> {
  const now = options.now ?? Date.now;
  const send = options.fetchImpl ?? ((input, init) => fetch(input, init));
  for (const entry of readOutbox()) {
    if (entry.deliveredAt !== null || entry.nextAttemptAt > now()) continue;
    options.signal?.throwIfAborted();
    let error: string | null = null;
    try {
      const response = await send(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry.order),
        keepalive: true,
        signal: options.signal ?? null,
      });
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    // Re-read: another tab (or enqueue) may have changed the outbox meanwhile.
    const time = now();
    const updated = readOutbox().map((item) => {
      if (item.order.orderNumber !== entry.order.orderNumber) return item;
      if (error === null) return { ...item, deliveredAt: time, lastError: null };
      const attempts = item.attempts + 1;
      return { ...item, attempts, nextAttemptAt: time + backoffDelay(attempts), lastError: error };
    });
    writeOutbox(updated, time);
  }
  const waiting = readOutbox().filter((entry) => entry.deliveredAt === null);
  return waiting.length ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null;
}

let running: { url: string; stop: () => void } | undefined;

/**
 * Keeps delivering the outbox to `url` for as long as the page is open: now, when each retry is
 * due, when the connection comes back and when an order is added. Idempotent; returns stop.
 */
export function startOutbox(url: string): () => void {
  if (running?.url === url) return running.stop;
  running?.stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let again = false;
  const controller = new AbortController();

  const run = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(timer);
    try {
      const result = await withLock(() => flushOutbox({ url, signal: controller.signal }));
      // Another tab holds the lock: look again later in case it closes.
      const next = result === LOCKED ? Date.now() + LOCKED_RETRY_MS : result;
      if (next !== null && !controller.signal.aborted) {
        timer = setTimeout(() => void run(), Math.max(0, next - Date.now()));
      }
    } catch {
      // Aborted: the outbox stopped.
    } finally {
      busy = false;
      if (again && !controller.signal.aborted) {
        again = false;
        void run();
      }
    }
  };
  const onChange = () => void run();
  window.addEventListener('online', onChange);
  window.addEventListener(OUTBOX_EVENT, onChange);
  void run();

  const stop = () => {
    controller.abort();
    clearTimeout(timer);
    window.removeEventListener('online', onChange);
    window.removeEventListener(OUTBOX_EVENT, onChange);
    if (running?.stop === stop) running = undefined;
  };
  running = { url, stop };
  return stop;
}

const LOCKED = Symbol('locked');
const LOCKED_RETRY_MS = 30_000;

/** One tab at a time delivers (Web Locks); browsers without them just deliver. */
async function withLock<T>(task: () => Promise<T>): Promise<T | typeof LOCKED> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request(OUTBOX_KEY, { ifAvailable: true }, async (lock) => (lock ? task() : LOCKED));
}
