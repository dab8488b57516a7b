import { env } from '../../config/env';
import { isKeepReply, keepMessage } from './sw-protocol';

/** The worker's file, next to index.html (vite-plugin-pwa builds it from src/sw); builds only. */
const workerUrl = env.serviceWorker;

const supported = () => workerUrl !== null && 'serviceWorker' in navigator;

/**
 * Registers the service worker (issue #42, decision 111) once the page has loaded, so that it
 * never competes with the first paint. Builds only: the dev server has none.
 */
export function registerServiceWorker() {
  const url = workerUrl;
  if (url === null || !supported()) return;
  // The order page names the files it was drawn with from here: keep room for all of them.
  performance.setResourceTimingBufferSize?.(1000);
  const register = () => {
    navigator.serviceWorker
      .register(url, { scope: env.baseUrl })
      .catch((error: unknown) => console.info('The service worker was not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Asks the service worker to keep what this page was drawn with (index.html and the built files
 * it loaded), so that it opens with no connection. Resolves with whether they are kept; false
 * where there is no service worker (an old browser, some in-app browsers, the dev server).
 */
export async function keepPageForOffline(): Promise<boolean> {
  if (!supported()) return false;
  // The worker registered at load (registerServiceWorker), once it is active.
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(window.location.origin));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(isKeepReply(event.data) && event.data.ok);
    };
    worker.postMessage(keepMessage(urls), [channel.port2]);
  });
}
