import { isOrderId, isOrderNumber, newOrderId } from '#domain/order-number';
import { readOrderRecord, type OrderRecord } from './order-record';
import * as z from 'zod/mini';
import '../../../lib/zod-config';
import { isRecord, readJson, removeItem, writeJson } from '../../../lib/web-storage';

/** The stored list; its entries are checked one by one (a damaged one is dropped, not all). */
const storedList = z.array(z.unknown());

/**
 * Confirmed orders waiting to reach the shop's webhook (VITE_ORDER_WEBHOOK_URL). The webhook queue
 * lives in localStorage, so an order survives reloads, closed tabs and lost connections; it is
 * POSTed again with growing delays until the webhook accepts it (any 2xx answer) or refuses it
 * for good (a permanent 4xx). Only entries that pass readOrderRecord are sent; the retention
 * rules (KEEP_UNDELIVERED_MS, KEEP_DELIVERED_MS) are applied on every read. Decision 023.
 */
export const WEBHOOK_QUEUE_KEY = 'esim-shop.order-outbox';
/** Fired on window whenever the webhook queue changes. */
export const WEBHOOK_QUEUE_EVENT = 'esim-shop:outbox';

export type QueuedOrder = {
  orderId: string;
  orderNumber: string;
  /** What is sent; null once the webhook accepted or refused it (nothing personal is kept then). */
  order: OrderRecord | null;
  attempts: number;
  /** Epoch ms when the order was queued; undelivered orders are dropped KEEP_UNDELIVERED_MS later. */
  queuedAt: number;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
  /** Epoch ms when the webhook accepted the order; kept a while to show "sent". */
  deliveredAt: number | null;
  /** Epoch ms when the webhook refused the order for good (a permanent 4xx): no more tries. */
  failedAt: number | null;
  lastError: string | null;
};

/**
 * pending: queued, not accepted yet; retrying: the webhook has failed more than once (the buyer
 * is offered to send the order by hand); delivered; failed: the webhook refused it for good, or
 * the one send from memory failed (sent by hand); unsaved: this browser could not store the
 * order, so it is being sent once from memory (the page must stay open); unknown: not in the
 * webhook queue on this device (cleared, or not sent by this shop: a demo order).
 */
export type WebhookStatus = 'pending' | 'retrying' | 'delivered' | 'failed' | 'unsaved' | 'unknown';

/** Failed attempts after which the buyer is offered to send the order by Viber or email too. */
export const RETRYING_AFTER_ATTEMPTS = 2;

const DAY_MS = 24 * 60 * 60_000;
/** How long an order that never reached the webhook stays in the webhook queue, contact included. */
export const KEEP_UNDELIVERED_MS = 7 * DAY_MS;
/** How long the number and time of a delivered (or refused) order are kept, to show "sent". */
export const KEEP_DELIVERED_MS = 7 * DAY_MS;

const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 10 * 60_000;
/** The one send of an order this browser could not store gives up after this long. */
const MEMORY_SEND_TIMEOUT_MS = 30_000;

/**
 * Answers that will not change on a retry: the order is marked failed (and sent by hand). 408,
 * 425 and 429 are temporary; 409 (the same key still being processed) is retried too.
 */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 405, 410, 413, 422]);

/** The wait before attempt number `attempts + 1`: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

const timeOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A stored entry, checked: one waiting to be sent needs an order that passes readOrderRecord;
 * one delivered or refused keeps only its number and id. Entries stored before orders had an
 * id or a queue time get them (the caller stores them, so the id stays the same).
 */
function readEntry(value: unknown, now: number): QueuedOrder | null {
  if (!isRecord(value) || typeof value.attempts !== 'number') return null;
  const deliveredAt = timeOrNull(value.deliveredAt);
  const failedAt = timeOrNull(value.failedAt);
  const stored = isRecord(value.order) ? value.order : {};
  const orderNumber = value.orderNumber ?? stored.orderNumber;
  if (typeof orderNumber !== 'string' || !isOrderNumber(orderNumber)) return null;
  const orderId = [value.orderId, stored.orderId].find(isOrderId) ?? newOrderId();
  const base = {
    orderId,
    orderNumber,
    attempts: value.attempts,
    queuedAt: timeOrNull(value.queuedAt) ?? (Date.parse(String(stored.verifiedAt)) || now),
    nextAttemptAt: timeOrNull(value.nextAttemptAt) ?? now,
    deliveredAt,
    failedAt,
    lastError: typeof value.lastError === 'string' ? value.lastError.slice(0, 200) : null,
  };
  if (deliveredAt !== null || failedAt !== null) return { ...base, order: null };
  const order = readOrderRecord({ ...stored, orderId });
  return order && order.orderNumber === orderNumber ? { ...base, order } : null;
}

/** Whether the retention rules keep `entry` at `now` (stated in the privacy policy). */
function isKept(entry: QueuedOrder, now: number): boolean {
  const doneAt = entry.deliveredAt ?? entry.failedAt;
  if (doneAt !== null) return now - doneAt < KEEP_DELIVERED_MS;
  return now - entry.queuedAt < KEEP_UNDELIVERED_MS;
}

/**
 * The webhook queue, checked and pruned: entries that are not the shop's own are dropped, and so is
 * whatever the retention rules no longer keep. What was dropped or given an id is stored back.
 */
export function readWebhookQueue(now: number = Date.now()): QueuedOrder[] {
  const stored = readJson('local', WEBHOOK_QUEUE_KEY, storedList);
  if (stored === null) return [];
  const entries = stored
    .map((value) => readEntry(value, now))
    .filter((entry): entry is QueuedOrder => entry !== null && isKept(entry, now));
  if (JSON.stringify(entries) !== JSON.stringify(stored)) {
    if (entries.length) writeJson('local', WEBHOOK_QUEUE_KEY, entries);
    else removeItem('local', WEBHOOK_QUEUE_KEY);
  }
  return entries;
}

/** Applies the retention rules now (on every start, not only on a later write). */
export const pruneWebhookQueue = (now: number) => void readWebhookQueue(now);

/** Stores the webhook queue; false when the browser refused (private mode, storage full). */
function writeWebhookQueue(entries: QueuedOrder[], now: number): boolean {
  const kept = entries.filter((entry) => isKept(entry, now));
  const stored = kept.length
    ? writeJson('local', WEBHOOK_QUEUE_KEY, kept)
    : (removeItem('local', WEBHOOK_QUEUE_KEY), true);
  notify();
  return stored;
}

const notify = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WEBHOOK_QUEUE_EVENT));
};

/**
 * Adds a confirmed order, once per order; it is due at once. False when it could not be stored
 * (or is not an order this shop makes): the success screen then offers to send it by hand.
 */
export function enqueueOrder(record: OrderRecord, now: number): boolean {
  const order = readOrderRecord(record);
  if (!order) return false;
  const entries = readWebhookQueue(now);
  const same = (entry: QueuedOrder) =>
    entry.orderId === order.orderId || entry.orderNumber === order.orderNumber;
  if (entries.some(same)) return true;
  // The same key order as readEntry's, so that reading it back finds nothing to store again.
  const entry: QueuedOrder = {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    attempts: 0,
    queuedAt: now,
    nextAttemptAt: now,
    deliveredAt: null,
    failedAt: null,
    lastError: null,
    order,
  };
  return writeWebhookQueue([...entries, entry], now);
}

/** Orders this browser could not store, sent once from memory: their state, by order number. */
const unsaved = new Map<string, 'unsaved' | 'delivered' | 'failed'>();

export function webhookStatus(orderNumber: string): WebhookStatus {
  const entry = readWebhookQueue().find((item) => item.orderNumber === orderNumber);
  if (!entry) return unsaved.get(orderNumber) ?? 'unknown';
  if (entry.deliveredAt !== null) return 'delivered';
  if (entry.failedAt !== null) return 'failed';
  return entry.attempts >= RETRYING_AFTER_ATTEMPTS ? 'retrying' : 'pending';
}

/** One POST of `order`: its id travels as the Idempotency-Key header and in the body. */
function post(send: typeof fetch, url: string, order: OrderRecord, signal: AbortSignal | null) {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': order.orderId },
    body: JSON.stringify(order),
    keepalive: true,
    signal,
  });
}

export type SubmitOptions = { url: string; now: number; fetchImpl?: typeof fetch };

/**
 * Hands a confirmed order to the webhook: never a demo order or one that fails readOrderRecord
 * (the buyer sends those by hand); into the webhook queue, or, when this browser cannot store it, one
 * POST straight from memory while the success screen asks the buyer to keep the page open.
 */
export async function submitOrder(record: OrderRecord, options: SubmitOptions): Promise<void> {
  const order = readOrderRecord(record);
  if (!order) return;
  if (enqueueOrder(order, options.now)) {
    // Delivers at once, also before the layout's webhook queue has started (a no-op once it runs).
    startWebhookQueue(options.url);
    return;
  }
  unsaved.set(order.orderNumber, 'unsaved');
  notify();
  const keepOpen = (event: BeforeUnloadEvent) => event.preventDefault();
  window.addEventListener('beforeunload', keepOpen);
  const send = options.fetchImpl ?? ((input, init) => fetch(input, init));
  let delivered = false;
  try {
    const response = await post(
      send,
      options.url,
      order,
      AbortSignal.timeout(MEMORY_SEND_TIMEOUT_MS),
    );
    delivered = response.ok;
  } catch {
    // Offline, refused or timed out: the buyer sends the order by hand.
  } finally {
    window.removeEventListener('beforeunload', keepOpen);
  }
  unsaved.set(order.orderNumber, delivered ? 'delivered' : 'failed');
  notify();
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
export async function flushWebhookQueue(options: FlushOptions): Promise<number | null> {
  const now = options.now ?? Date.now;
  const send = options.fetchImpl ?? ((input, init) => fetch(input, init));
  for (const entry of readWebhookQueue(now())) {
    if (!entry.order || entry.nextAttemptAt > now()) continue;
    options.signal?.throwIfAborted();
    let error: string | null = null;
    let permanent = false;
    try {
      const response = await post(send, options.url, entry.order, options.signal ?? null);
      if (!response.ok) {
        error = `HTTP ${response.status}`;
        permanent = PERMANENT_STATUSES.has(response.status);
      }
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    // Re-read: another tab (or enqueue) may have changed the webhook queue meanwhile.
    const time = now();
    const updated = readWebhookQueue(time).map((item): QueuedOrder => {
      if (item.orderId !== entry.orderId || !item.order) return item;
      if (error === null) return { ...item, order: null, deliveredAt: time, lastError: null };
      if (permanent) return { ...item, order: null, failedAt: time, lastError: error };
      const attempts = item.attempts + 1;
      return { ...item, attempts, nextAttemptAt: time + backoffDelay(attempts), lastError: error };
    });
    writeWebhookQueue(updated, time);
  }
  const waiting = readWebhookQueue(now()).filter((entry) => entry.order !== null);
  return waiting.length ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null;
}

let running: { url: string; stop: () => void } | undefined;

/**
 * Keeps delivering the webhook queue to `url` for as long as the page is open: now, when each retry is
 * due, when the connection comes back and when an order is added. Idempotent; returns stop.
 */
export function startWebhookQueue(url: string): () => void {
  pruneWebhookQueue(Date.now());
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
      const result = await withLock(() => flushWebhookQueue({ url, signal: controller.signal }));
      // Another tab holds the lock: look again later in case it closes.
      const next = result === LOCKED ? Date.now() + LOCKED_RETRY_MS : result;
      if (next !== null && !controller.signal.aborted) {
        timer = setTimeout(() => void run(), Math.max(0, next - Date.now()));
      }
    } catch {
      // Aborted: the webhook queue stopped.
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
  window.addEventListener(WEBHOOK_QUEUE_EVENT, onChange);
  void run();

  const stop = () => {
    controller.abort();
    clearTimeout(timer);
    window.removeEventListener('online', onChange);
    window.removeEventListener(WEBHOOK_QUEUE_EVENT, onChange);
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
  return locks.request(WEBHOOK_QUEUE_KEY, { ifAvailable: true }, async (lock) =>
    lock ? task() : LOCKED,
  );
}
