import { normalizeTransactionId } from './receipt-rules';
import { isRecord, readJson, writeJson } from './storage';

/** Transaction ids of receipts accepted on this device, so that one receipt buys one eSIM. */
export const USED_TRANSACTIONS_KEY = 'esim-shop.used-transactions';
const KEEP = 200;

type Entry = { id: string; at: number };

function entries(): Entry[] {
  const stored = readJson('local', USED_TRANSACTIONS_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry): entry is Entry =>
      isRecord(entry) && typeof entry.id === 'string' && typeof entry.at === 'number',
  );
}

/** The ids, normalised again: ids kept by an earlier version were normalised less strictly. */
export function usedTransactionIds(): Set<string> {
  const ids = entries().map((entry) => normalizeTransactionId(entry.id));
  return new Set(ids.filter((id) => id !== null));
}

/** Remembers an accepted transaction; ids the receipt did not show ("N/A") are not kept. */
export function rememberTransactionId(transactionId: string, now: number) {
  const id = normalizeTransactionId(transactionId);
  if (id === null) return;
  const kept = entries().filter((entry) => entry.id !== id);
  writeJson('local', USED_TRANSACTIONS_KEY, [...kept, { id, at: now }].slice(-KEEP));
}
