import { useEffect } from 'react';
import { env } from '../../../config/env';
import { retryableImport } from '../../../lib/retry-import';

const loadRetention = retryableImport(() => import('../lib/retention'));
const loadWebhookQueue = retryableImport(() => import('../lib/webhook-queue'));

/**
 * On every start, the purchase's storage limits are applied (what the privacy policy promises),
 * and with an order webhook configured, confirmed orders still waiting in the webhook queue (a reload,
 * a lost connection) are delivered from any page, not only once the buy page is visited. The
 * code loads after start-up.
 */
export function useWebhookQueue() {
  useEffect(() => {
    const url = env.orderWebhookUrl;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      Promise.all([loadRetention(), loadWebhookQueue()]).then(
        ([retention, webhookQueue]) => {
          if (cancelled) return;
          retention.pruneStoredOrders(Date.now());
          if (url) stop = webhookQueue.startWebhookQueue(url);
        },
        // Offline at start-up: pruning and the webhook queue start when the connection is back.
        (error: unknown) => {
          console.info('The webhook queue could not be loaded yet', error);
          if (!cancelled) window.addEventListener('online', start, { once: true });
        },
      );
    };
    const timer = setTimeout(start, 2000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', start);
      stop?.();
    };
  }, []);
}
