/**
 * The shop's service worker (issue #42, decision 111), built by vite-plugin-pwa (injectManifest)
 * from Workbox's modules. It keeps only what lets a buyer open an order page they saw once with
 * no connection: the app's page (index.html) and the built files under assets/ (the app's code,
 * its texts and fonts, all named by their content). The order itself (its eSIM and codes) is kept
 * by the page, on the device, for that order alone (src/lib/offline/offline-orders.ts): nothing
 * here ever stores an answer of the API, of the staff page or of any request that carries a token.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isKeepMessage, keepReply, offlineCaches } from '../lib/offline/sw-protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string })[] };

// A new build takes over at once (no stale app after a release): its worker activates without
// waiting for the old tabs to close, and controls them. Pages already open keep running their
// own files (still in the assets cache, or reloaded once by src/lib/stale-chunks.ts).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The manifest's icons (the list the build injects): small, and needed by an installed shop.
precacheAndRoute(self.__WB_MANIFEST);

const scope = new URL(self.registration.scope);
/**
 * A file kept for a page's request matches a module script's (Origin: …) or a worker's own: the
 * server's `Vary: Origin` must not make a kept file miss offline.
 */
const matchOptions = { ignoreVary: true };
/** Every navigation is the same page (index.html): the routes live after the `#`. */
const shellKey = scope.href;

const underScope = (url: URL) =>
  url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
const isAsset = (url: URL) =>
  underScope(url) && url.pathname.startsWith(`${scope.pathname}assets/`);
/** Anything that carries a credential is never kept, even on the shop's own origin. */
const carriesSecret = (url: URL) => /token|key|secret/i.test(url.search);

// The page: from the network when there is one (a new release shows at once), else the last copy.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: offlineCaches.shell,
      matchOptions,
      plugins: [
        {
          // One copy of the page, whatever the query (none of which changes index.html).
          cacheKeyWillBeUsed: async () => shellKey,
          cacheWillUpdate: async ({ response }) =>
            response.ok && (response.headers.get('content-type') ?? '').includes('text/html')
              ? response
              : null,
        },
      ],
    }),
    {
      allowlist: [
        new RegExp(`^${scope.pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(index\\.html)?$`),
      ],
    },
  ),
);

// The built files never change under one name: the cached copy is the file.
const assets = new CacheFirst({
  cacheName: offlineCaches.assets,
  matchOptions,
  plugins: [
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 120 * 24 * 60 * 60 }),
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
  ],
});
registerRoute(
  ({ url, request }) => request.method === 'GET' && isAsset(url) && !carriesSecret(url),
  assets,
);

/**
 * An order page kept for offline use asks for the files it was drawn with (loaded before this
 * worker controlled it, on a first visit) and the page itself to be kept; it is answered once
 * they are, so that it says "saved" only when it is true.
 */
self.addEventListener('message', (event) => {
  if (!isKeepMessage(event.data)) return;
  const port = event.ports[0];
  const urls = event.data.urls;
  const work = (async () => {
    const wanted = urls
      .map((value) => {
        try {
          return new URL(value, scope);
        } catch {
          return null;
        }
      })
      .filter((url): url is URL => url !== null && isAsset(url) && !carriesSecret(url));
    const results = await Promise.allSettled(
      wanted.map((url) => assets.handle({ event, request: new Request(url.href) })),
    );
    const shell = await caches.open(offlineCaches.shell);
    let page = await shell.match(shellKey, matchOptions);
    if (!page) {
      const response = await fetch(shellKey, { cache: 'no-cache' });
      if (response.ok) await shell.put(shellKey, response.clone());
      page = response.ok ? response : undefined;
    }
    const kept = results.every((result) => result.status === 'fulfilled') && Boolean(page);
    port?.postMessage(keepReply(kept));
  })().catch((error: unknown) => {
    console.error('The order page could not be kept for offline use', error);
    port?.postMessage(keepReply(false));
  });
  event.waitUntil(work);
});
