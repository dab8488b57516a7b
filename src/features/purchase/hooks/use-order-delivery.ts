import { useEffect, useState } from 'react';
import { env } from '../../../config/env';
import { apiUrl } from '../../../lib/api/client';
import { deliveryStatus, OUTBOX_EVENT, type DeliveryStatus } from '../lib/outbox';

/**
 * Whether `orderNumber` has reached the shop (in server mode, the server has it) or the webhook (the outbox itself runs from the layout, see
 * features/purchase/hooks/use-order-outbox.ts). Without a webhook: null.
 */
export function useOrderDelivery(orderNumber: string | null): DeliveryStatus | null {
  const url = env.orderWebhookUrl;
  const [status, setStatus] = useState<DeliveryStatus | null>(() =>
    url && orderNumber ? deliveryStatus(orderNumber) : null,
  );
  useEffect(() => {
    if (!url || !orderNumber) return;
    const update = () => setStatus(deliveryStatus(orderNumber));
    update();
    window.addEventListener(OUTBOX_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(OUTBOX_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, [url, orderNumber]);
  // Server mode: the server confirms a payment only once it has recorded the order.
  if (apiUrl()) return 'delivered';
  return url ? status : null;
}
