import { readText, storageAvailable, writeText } from './web-storage';
/**
 * After a deploy, a visitor who opened the shop before it still runs the old entry script, whose
 * lazy chunks the new deploy may no longer serve. Vite then fires `vite:preloadError`. This
 * module tells a chunk that is gone (the server answers, but not with the script) from a
 * connection that dropped (no answer), and reloads the page once for the first: the new
 * index.html names the new chunks. The buyer's order is in sessionStorage and survives.
 * A sessionStorage guard keeps a deploy that is broken for good from reloading in a loop.
 */

export const STALE_RELOAD_KEY = 'esim-shop.stale-chunk-reload';

/** No second automatic reload within this time of the first. */
export const STALE_RELOAD_GUARD_MS = 10 * 60_000;

export type ChunkErrorOutcome =
  /** The chunk is gone from the server: the page reloads. */
  | 'reloading'
  /** The chunk is gone, but the page was reloaded for it moments ago: the error screen stays. */
  | 'alreadyReloaded'
  /** No answer from the server: the caller's own message (a connection problem) stands. */
  | 'offline'
  /** The server still has the chunk (a brief drop): a retry works without a reload. */
  | 'present';

type Options = {
  reload?: () => void;
  now?: () => number;
};

/** The script's address in a failed import's message (Chromium and Firefox name it). */
export function failedChunkUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+?\.(?:m?js|css))(?=[\s'"]|$)/.exec(message);
  return match?.[1];
}

function reloadedRecently(now: number): boolean {
  // Storage disabled: without a guard, never reload by ourselves.
  if (!storageAvailable('session')) return true;
  const last = Number(readText('session', STALE_RELOAD_KEY));
  return Number.isFinite(last) && last > 0 && now - last < STALE_RELOAD_GUARD_MS;
}

function markReload(now: number): boolean {
  return writeText('session', STALE_RELOAD_KEY, String(now));
}

/** Whether the server still serves the script, no longer does, or did not answer at all. */
async function probe(url: string): Promise<'present' | 'gone' | 'offline'> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    // A static host answers 403 or 404 for a removed object; an SPA fallback answers index.html.
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('text/html')) return 'gone';
    return 'present';
  } catch {
    return 'offline';
  }
}

/** A deploy changed the entry script if the current index.html no longer names the running one. */
async function probeIndex(): Promise<'present' | 'gone' | 'offline'> {
  // The built page preloads its entry (the boot script starts it: decision 046).
  const tag = document.querySelector<HTMLScriptElement | HTMLLinkElement>(
    'script[type="module"][src], link[rel="modulepreload"][data-entry]',
  );
  const entry = tag instanceof HTMLLinkElement ? tag.href : tag?.src;
  if (!entry) return 'present';
  try {
    const response = await fetch(new URL('./', window.location.href), { cache: 'no-store' });
    const html = await response.text();
    const file = new URL(entry).pathname.split('/').pop() ?? entry;
    return html.includes(file) ? 'present' : 'gone';
  } catch {
    return 'offline';
  }
}

/** Handles one failed chunk load: reloads once when the chunk is gone from the server. */
export async function handleChunkError(
  error: unknown,
  { reload = () => window.location.reload(), now = Date.now }: Options = {},
): Promise<ChunkErrorOutcome> {
  const url = failedChunkUrl(error);
  const state = await (url ? probe(url) : probeIndex());
  if (state !== 'gone') return state;
  const time = now();
  if (reloadedRecently(time) || !markReload(time)) return 'alreadyReloaded';
  console.info('A page chunk is gone from the server (a new version was deployed): reloading');
  reload();
  return 'reloading';
}

/**
 * Listens for Vite's `vite:preloadError`. The error still reaches the caller (the route's error
 * screen, or the payment step's connection message), which shows while the check runs.
 */
export function reloadOnStaleChunks(target: Window = window, options: Options = {}): () => void {
  const listener = (event: Event) => {
    void handleChunkError((event as Event & { payload?: unknown }).payload, options);
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
