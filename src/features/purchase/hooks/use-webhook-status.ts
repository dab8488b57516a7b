import { useEffect, useState } from 'react';
import { env } from '../../../config/env';
import { useCheckout } from './use-checkout';
import { webhookStatus, WEBHOOK_QUEUE_EVENT, type WebhookStatus } from '../lib/webhook-queue';

/**
 * Whether `orderNumber` has reached the shop (in server mode, the server has it) or the webhook (the webhook queue itself runs from the layout, see
 * features/purchase/hooks/use-webhook-queue.ts). Without a webhook: null.
 */
export function useWebhookStatus(orderNumber: string | null): WebhookStatus | null {
  const url = env.orderWebhookUrl;
  const { recordsOrders } = useCheckout();
  const [status, setStatus] = useState<WebhookStatus | null>(() =>
    url && orderNumber ? webhookStatus(orderNumber) : null,
  );
  useEffect(() => {
    if (!url || !orderNumber) return;
    const update = () => setStatus(webhookStatus(orderNumber));
    update();
    window.addEventListener(WEBHOOK_QUEUE_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(WEBHOOK_QUEUE_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, [url, orderNumber]);
  // A backend that records the order (the server) confirms a payment only once it has it.
  if (recordsOrders) return 'delivered';
  return url ? status : null;
}
