import { useSyncExternalStore } from 'react';
import { readText, writeText } from './web-storage';

/**
 * Server mode: whether the shop's API decides receipts from its demo script (no Gemini key;
 * issue #23 item 6). Every answer of the API says so in its `X-AI-Mode` header; the shop's
 * clients note it here, and the demo banner shows from the first answer that says `demo` (kept
 * for the tab, so every page after it shows the banner too). No request is made for it.
 */
const KEY = 'esim-shop.server-ai-mode';

let demo = readText('session', KEY) === 'demo';
const listeners = new Set<() => void>();

/** Notes the mode an answer of the shop's API carries (nothing when it carries none). */
export function noteServerAiMode(response: Pick<Response, 'headers'>) {
  const mode = response.headers.get('x-ai-mode');
  if (mode !== 'demo' && mode !== 'gemini') return;
  const next = mode === 'demo';
  writeText('session', KEY, mode);
  if (next === demo) return;
  demo = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True once the shop's API has said that it runs in demo mode. */
export function useServerDemo(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => demo,
    () => false,
  );
}
