import { isRecord } from '../../../lib/web-storage';

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
export function readServerRef(value: unknown): { server?: ServerOrderRef } {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    !value.id ||
    typeof value.token !== 'string' ||
    !value.token ||
    typeof value.mmqrPayload !== 'string' ||
    !value.mmqrPayload
  ) {
    return {};
  }
  const server: ServerOrderRef = {
    id: value.id,
    token: value.token,
    mmqrPayload: value.mmqrPayload,
  };
  if (value.providers === true) server.providers = true;
  return { server };
}
