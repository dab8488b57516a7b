import { useEffect } from 'react';
import { env } from '../config/env';

/**
 * On every start, the purchase's storage limits are applied (what the privacy policy promises),
 * and with an order webhook configured, confirmed orders still waiting in the outbox (a reload,
 * a lost connection) are delivered from any page, not only once the buy page is visited. The
 * code loads after start-up.
 */
export function useOrderOutbox() {
  useEffect(() => {
    const url = env.orderWebhookUrl;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void Promise.all([
        import('../features/purchase/lib/retention'),
        import('../features/purchase/lib/outbox'),
      ]).then(([retention, outbox]) => {
        if (cancelled) return;
        retention.pruneStoredOrders(Date.now());
        if (url) stop = outbox.startOutbox(url);
      });
    }, 2000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, []);
}
