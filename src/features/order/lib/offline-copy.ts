import { readDelivery } from '../../../lib/delivery';
import { readJson, readText, removeItem, writeJson, writeText } from '../../../lib/web-storage';
import type { BuyerOrder } from './order-api';

/**
 * The copy of an order page kept on the buyer's device (issue #42, decision 111), so that the
 * link opens with no connection (on landing, in airplane mode): the order and its eSIM (QR, SM-DP+
 * address, activation code), in localStorage under the order's id alone. The link's token is not
 * kept: only its SHA-256, so that the copy opens for the link it was saved from and for no other.
 * Nothing of it goes to the service worker's caches.
 */
export type OfflineCopy = { order: BuyerOrder; savedAt: number };

type Stored = { v: 1; tokenHash: string; savedAt: number; order: BuyerOrder };

const copyKey = (id: string) => `esim-shop.offline-order.${id}`;
/** Set when the buyer chose "Forget": the page keeps no copy of this order until asked again. */
const forgottenKey = (id: string) => `esim-shop.offline-order-forgotten.${id}`;
/** The prefix of every kept copy (the app refreshes their files after a release). */
export const offlineCopyPrefix = 'esim-shop.offline-order.';

async function hashToken(token: string): Promise<string | null> {
  // Only in a secure context (https, or this machine), as service workers themselves.
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const storedSchema = {
  safeParse(value: unknown): { success: true; data: Stored } | { success: false } {
    if (typeof value !== 'object' || value === null) return { success: false };
    const stored = value as Partial<Stored>;
    const order = stored.order as Partial<BuyerOrder> | undefined;
    const delivery = readDelivery(order?.delivery);
    if (
      stored.v !== 1 ||
      typeof stored.tokenHash !== 'string' ||
      typeof stored.savedAt !== 'number' ||
      !order ||
      typeof order.id !== 'string' ||
      typeof order.number !== 'string' ||
      typeof order.planId !== 'string' ||
      typeof order.operatorId !== 'string' ||
      typeof order.status !== 'string' ||
      !delivery?.esim
    ) {
      return { success: false };
    }
    return {
      success: true,
      data: {
        v: 1,
        tokenHash: stored.tokenHash,
        savedAt: stored.savedAt,
        order: {
          id: order.id,
          number: order.number,
          planId: order.planId,
          operatorId: order.operatorId,
          status: order.status,
          contactKind:
            order.contactKind === 'email' || order.contactKind === 'phone'
              ? order.contactKind
              : null,
          delivery,
        },
      },
    };
  },
};

/** Whether the buyer asked this device to forget the order's eSIM. */
export const isForgotten = (id: string) => readText('local', forgottenKey(id)) !== null;

/**
 * Keeps (or refreshes) the copy of an order the server has just answered with. An order without
 * an eSIM on it (waiting, held, withdrawn…) has no copy: one kept before is removed. Resolves
 * with the copy kept, or null (nothing to keep, forgotten, or the browser refused).
 */
export async function keepOfflineCopy(
  order: BuyerOrder,
  token: string,
  now = Date.now(),
): Promise<OfflineCopy | null> {
  if (!order.delivery?.esim || order.delivery.state === 'withdrawn') {
    removeItem('local', copyKey(order.id));
    return null;
  }
  if (isForgotten(order.id)) return null;
  const tokenHash = await hashToken(token);
  if (!tokenHash) return null;
  const stored: Stored = { v: 1, tokenHash, savedAt: now, order };
  return writeJson('local', copyKey(order.id), stored) ? { order, savedAt: now } : null;
}

/** The copy kept for this order and this link's token, or null. */
export async function readOfflineCopy(id: string, token: string): Promise<OfflineCopy | null> {
  const stored = readJson('local', copyKey(id), storedSchema);
  if (!stored) return null;
  const tokenHash = await hashToken(token);
  if (tokenHash !== stored.tokenHash) return null;
  return { order: stored.order, savedAt: stored.savedAt };
}

/** "Forget this eSIM on this device": removes the copy, and keeps none until asked again. */
export function forgetOfflineCopy(id: string) {
  removeItem('local', copyKey(id));
  writeText('local', forgottenKey(id), '1');
}

/** "Keep it on this device" after a forget: copies may be kept again. */
export function allowOfflineCopy(id: string) {
  removeItem('local', forgottenKey(id));
}

/** Whether any order is kept on this device. */
export function hasOfflineCopies(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      if (localStorage.key(index)?.startsWith(offlineCopyPrefix)) return true;
    }
  } catch {
    // Storage disabled: nothing is kept.
  }
  return false;
}
