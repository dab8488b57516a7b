import { pruneWebhookQueue } from './webhook-queue';
import { pruneUsedTransactions } from './used-transactions';

/**
 * Applies the purchase's storage limits, as the privacy policy states them, on every start of
 * the app (features/purchase/hooks/use-webhook-queue.ts): the webhook queue's undelivered and delivered orders, and the
 * used transaction ids. Each store also applies its own limits whenever it is read.
 */
export function pruneStoredOrders(now: number) {
  pruneWebhookQueue(now);
  pruneUsedTransactions(now);
}
