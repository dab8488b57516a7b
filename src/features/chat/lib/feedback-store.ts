import { readText, writeJson } from '../../../lib/web-storage';
/**
 * Helpful / not-helpful votes on chat replies, counted on this device (localStorage). What the
 * shop does with feedback is not specified, so it stays here and the dashboard shows the counts.
 */
export type Vote = 'helpful' | 'notHelpful';
export type FeedbackCounts = Record<Vote, number>;

export const FEEDBACK_STORAGE_KEY = 'esim-shop.chat-feedback';
const CHANGE_EVENT = 'esim-shop:chat-feedback';

const empty = (): FeedbackCounts => ({ helpful: 0, notHelpful: 0 });

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** The raw stored text ('' when absent or unreadable); a stable snapshot for subscriptions. */
export function readFeedbackSnapshot(): string {
  return readText('local', FEEDBACK_STORAGE_KEY) ?? '';
}

export function parseFeedback(snapshot: string): FeedbackCounts {
  if (!snapshot) return empty();
  try {
    const data = JSON.parse(snapshot) as Partial<Record<Vote, unknown>> | null;
    return { helpful: count(data?.helpful), notHelpful: count(data?.notHelpful) };
  } catch {
    return empty();
  }
}

export const readFeedbackCounts = (): FeedbackCounts => parseFeedback(readFeedbackSnapshot());

/** Records a vote; `previous` is the vote it replaces on the same reply (changing one's mind). */
export function recordFeedback(vote: Vote, previous?: Vote): FeedbackCounts {
  const counts = readFeedbackCounts();
  if (previous === vote) return counts;
  if (previous) counts[previous] = Math.max(0, counts[previous] - 1);
  counts[vote] += 1;
  // Storage full or blocked: the vote is shown but not remembered.
  writeJson('local', FEEDBACK_STORAGE_KEY, counts);
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return counts;
}

/** Calls `listener` when the counts change in this tab or another one. */
export function subscribeFeedback(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FEEDBACK_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
