import { normalizeTransactionId } from '#domain/receipt-rules';
import * as z from 'zod/mini';
import '../../../lib/zod-config';
import { isRecord, readJson, removeItem, writeJson } from '../../../lib/web-storage';

/** The stored list; its entries are checked one by one (a damaged one is dropped, not all). */
const storedList = z.array(z.unknown());

/**
 * Transaction ids of receipts accepted on this device, so that one receipt buys one eSIM. Kept
 * KEEP_USED_MS and at most KEEP_USED_COUNT (the privacy policy says so): a receipt older than 12
 * hours is refused anyway (RECEIPT_MAX_AGE_MS), so a week covers any clock slip.
 */
export const USED_TRANSACTIONS_KEY = 'esim-shop.used-transactions';
export const KEEP_USED_MS = 7 * 24 * 60 * 60_000;
export const KEEP_USED_COUNT = 200;

type Entry = { id: string; at: number };

/** The stored ids still within the limits at `now`; what no longer is gets removed. */
function entries(now: number): Entry[] {
  const stored = readJson('local', USED_TRANSACTIONS_KEY, storedList);
  if (stored === null) return [];
  const kept = stored
    .filter(
      (entry): entry is Entry =>
        isRecord(entry) &&
        typeof entry.id === 'string' &&
        typeof entry.at === 'number' &&
        now - entry.at < KEEP_USED_MS,
    )
    .slice(-KEEP_USED_COUNT);
  if (kept.length !== stored.length) {
    if (kept.length) writeJson('local', USED_TRANSACTIONS_KEY, kept);
    else removeItem('local', USED_TRANSACTIONS_KEY);
  }
  return kept;
}

/** The ids, normalised again: ids kept by an earlier version were normalised less strictly. */
export function usedTransactionIds(now: number = Date.now()): Set<string> {
  const ids = entries(now).map((entry) => normalizeTransactionId(entry.id));
  return new Set(ids.filter((id) => id !== null));
}

/** Applies the limits now (on every start, not only when a receipt is accepted). */
export const pruneUsedTransactions = (now: number) => void entries(now);

/** Remembers an accepted transaction; ids the receipt did not show ("N/A") are not kept. */
export function rememberTransactionId(transactionId: string, now: number) {
  const id = normalizeTransactionId(transactionId);
  if (id === null) return;
  const kept = entries(now).filter((entry) => entry.id !== id);
  writeJson('local', USED_TRANSACTIONS_KEY, [...kept, { id, at: now }].slice(-KEEP_USED_COUNT));
}
