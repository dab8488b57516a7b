import { useSyncExternalStore } from 'react';
import { readText, writeText } from './web-storage';

/**
 * Server mode: whether the shop's API takes card and KBZPay payments on the test fakes of 2C2P
 * and KBZPay (scripts/start.sh without provider keys, decision 130). The API says so in
 * /api/availability (`testPayments`) and on each of an order's payment methods (`test`); the
 * shop notes it here and the demo banner names the test pages from then on (kept for the tab).
 */
const KEY = 'esim-shop.test-payments';

let testPayments = readText('session', KEY) === 'test';
const listeners = new Set<() => void>();

/** Notes what an answer of the shop's API said about its payment providers. */
export function noteTestPayments(value: boolean) {
  writeText('session', KEY, value ? 'test' : 'live');
  if (value === testPayments) return;
  testPayments = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True once the shop's API has said that its payment providers are the test fakes. */
export function useTestPayments(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => testPayments,
    () => false,
  );
}
