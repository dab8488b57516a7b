import { isRecord } from '../../../lib/web-storage';
import type { Order } from './purchase-machine';

/**
 * What ties an order to the shop's server in server mode (VITE_API_URL): the server's order id,
 * the order token handed to this buyer alone (sent back as X-Order-Token), and the MMQR payload
 * the server made. Kept with the stored order, so that a reload can ask the server about it.
 */
export type ServerOrderRef = {
  id: string;
  token: string;
  mmqrPayload: string;
  /** The server takes a card or a provider's QR for it (its paymentMethods, issue #40). */
  providers?: boolean;
};

/** The stored reference, or nothing when there is none or it is damaged. */
export function readServerRef(value: unknown): ServerOrderRef | undefined {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    !value.id ||
    typeof value.token !== 'string' ||
    !value.token ||
    typeof value.mmqrPayload !== 'string' ||
    !value.mmqrPayload
  ) {
    return undefined;
  }
  const server: ServerOrderRef = {
    id: value.id,
    token: value.token,
    mmqrPayload: value.mmqrPayload,
  };
  if (value.providers === true) server.providers = true;
  return server;
}

/** What a server order's reference says of it in the flow's Order (decision 142). */
export type ServerOrderFields = Pick<
  Order,
  'mmqrPayload' | 'page' | 'providers' | 'decidedByBackend'
>;

/** The Order's fields of a server order: the server keeps it, decides it and made its payload. */
export function serverOrderFields(ref: ServerOrderRef): ServerOrderFields {
  return {
    mmqrPayload: ref.mmqrPayload,
    page: { id: ref.id, token: ref.token },
    ...(ref.providers ? { providers: true } : {}),
    decidedByBackend: true,
  };
}

/** The reference kept with a server order (sessionStorage), or undefined for this browser's own. */
export function serverRefOf(order: Order): ServerOrderRef | undefined {
  if (!order.page || !order.mmqrPayload) return undefined;
  return {
    id: order.page.id,
    token: order.page.token,
    mmqrPayload: order.mmqrPayload,
    ...(order.providers ? { providers: true } : {}),
  };
}
