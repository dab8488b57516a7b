import { useEffect, useState } from 'react';
import { env } from '../../../config/env';
import { deliveryStatus, OUTBOX_EVENT, startOutbox, type DeliveryStatus } from '../lib/outbox';

/**
 * Keeps the outbox delivering while the shop is open (orders left from an earlier visit too)
 * and reports whether `orderNumber` has reached the webhook. Without a webhook: null.
 */
export function useOrderDelivery(orderNumber: string | null): DeliveryStatus | null {
  const url = env.orderWebhookUrl;
  const [status, setStatus] = useState<DeliveryStatus | null>(() =>
    url && orderNumber ? deliveryStatus(orderNumber) : null,
  );
  useEffect(() => {
    if (!url) return;
    // Not stopped on unmount: retries continue while the buyer reads other pages.
    startOutbox(url);
    if (!orderNumber) return;
    const update = () => setStatus(deliveryStatus(orderNumber));
    update();
    window.addEventListener(OUTBOX_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(OUTBOX_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, [url, orderNumber]);
  return url ? status : null;
}
