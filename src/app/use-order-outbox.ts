import { useEffect } from 'react';
import { env } from '../config/env';

/**
 * With an order webhook configured, confirmed orders still waiting in the outbox (a reload, a
 * lost connection) are delivered from any page, not only once the buy page is visited. The
 * outbox code loads after start-up, only when a webhook is set.
 */
export function useOrderOutbox() {
  useEffect(() => {
    const url = env.orderWebhookUrl;
    if (!url) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      import('../features/purchase/lib/outbox').then(
        (outbox) => {
          if (!cancelled) stop = outbox.startOutbox(url);
        },
        // Offline at start-up: the outbox starts when the connection is back.
        (error: unknown) => {
          console.info('The order outbox could not be loaded yet', error);
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
