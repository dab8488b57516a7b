import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  STALE_RELOAD_GUARD_MS,
  STALE_RELOAD_KEY,
  failedChunkUrl,
  handleChunkError,
  reloadOnStaleChunks,
} from '../../src/lib/stale-chunks';
import { server } from '../support/msw-server';

const CHUNK = 'https://shop.example/assets/buy-page-C0ffee12.js';
const chromiumError = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

const serveChunk = (response: () => Response) => server.use(http.head(CHUNK, response));
const T0 = 1_790_000_000_000;

describe('failedChunkUrl', () => {
  it.each([
    [`Failed to fetch dynamically imported module: ${CHUNK}`, CHUNK],
    [`error loading dynamically imported module: ${CHUNK}`, CHUNK],
    [
      'Unable to preload CSS for https://shop.example/assets/chat-9a.css',
      'https://shop.example/assets/chat-9a.css',
    ],
    ['Importing a module script failed.', undefined],
  ])('reads %j', (message, url) => {
    expect(failedChunkUrl(new Error(message))).toBe(url);
  });
});

describe('handleChunkError', () => {
  it('reloads once when the server no longer has the chunk (a new deploy)', async () => {
    serveChunk(() => new HttpResponse(null, { status: 404 }));
    const reload = vi.fn();
    await expect(handleChunkError(chromiumError(), { reload, now: () => T0 })).resolves.toBe(
      'reloading',
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STALE_RELOAD_KEY)).toBe(String(T0));
  });

  it('does not reload again right after its own reload, so a broken deploy cannot loop', async () => {
    serveChunk(() => new HttpResponse(null, { status: 404 }));
    const reload = vi.fn();
    await handleChunkError(chromiumError(), { reload, now: () => T0 });
    await expect(
      handleChunkError(chromiumError(), { reload, now: () => T0 + 5_000 }),
    ).resolves.toBe('alreadyReloaded');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again for a later deploy, once the guard has passed', async () => {
    serveChunk(() => new HttpResponse(null, { status: 404 }));
    const reload = vi.fn();
    await handleChunkError(chromiumError(), { reload, now: () => T0 });
    await handleChunkError(chromiumError(), {
      reload,
      now: () => T0 + STALE_RELOAD_GUARD_MS + 1,
    });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats an SPA fallback (index.html instead of the script) as a missing chunk', async () => {
    serveChunk(() => new HttpResponse(null, { headers: { 'content-type': 'text/html' } }));
    const reload = vi.fn();
    await expect(handleChunkError(chromiumError(), { reload })).resolves.toBe('reloading');
  });

  it('does not reload when the connection dropped: the caller says "connection problem"', async () => {
    serveChunk(() => HttpResponse.error());
    const reload = vi.fn();
    await expect(handleChunkError(chromiumError(), { reload })).resolves.toBe('offline');
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STALE_RELOAD_KEY)).toBeNull();
  });

  it('does not reload when the chunk is still there (a retry will load it)', async () => {
    serveChunk(() => new HttpResponse(null, { headers: { 'content-type': 'text/javascript' } }));
    const reload = vi.fn();
    await expect(handleChunkError(chromiumError(), { reload })).resolves.toBe('present');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('reloadOnStaleChunks', () => {
  it("answers Vite's vite:preloadError event and stops when removed", async () => {
    serveChunk(() => new HttpResponse(null, { status: 404 }));
    const reload = vi.fn();
    const stop = reloadOnStaleChunks(window, { reload });
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: chromiumError(),
    });
    window.dispatchEvent(event);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The error still reaches the caller: Vite rethrows it unless the event is cancelled.
    expect(event.defaultPrevented).toBe(false);
    stop();
    sessionStorage.clear();
    window.dispatchEvent(
      Object.assign(new Event('vite:preloadError'), { payload: chromiumError() }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
