import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeBootTap } from './app/boot-tap';
import { preloadPage } from './app/router';
import { hashPath, shouldHydrate, StartApp } from './app/start';
import { initI18n } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/offline/register';
import { reloadOnStaleChunks } from './lib/stale-chunks';
import { yieldToMain } from './lib/yield-to-main';
import './styles/burmese-font.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// After a deploy, a page chunk that is gone from the server reloads the page once.
reloadOnStaleChunks();
// The app takes over the pre-rendered page in small tasks (decision 086): the boot script has run
// each of the entry's chunks in a task of its own; each step here ends with a yield, so that a tap
// or a frame waits for one step at most, never for the whole start.
await yieldToMain();
await initI18n();
await yieldToMain();

// The first render runs as a transition, which React splits into slices of a few milliseconds
// with the browser free in between, instead of one long task that a phone's tap would wait on.
// The pre-rendered home page is hydrated; any other first view is drawn afresh (decision 046),
// once its page has loaded: the first commit then draws the page over its pre-rendered copy,
// never a spinner in between (decision 062).
const bootHash = window.location.hash;
const hydrate = shouldHydrate(container);
if (!hydrate) {
  await preloadPage(hashPath(bootHash));
  await yieldToMain();
}
startTransition(() => {
  if (hydrate) {
    // From here React replays the taps it sees while hydrating; the boot script hands over its own.
    hydrateRoot(container, <StartApp bootTap={takeBootTap()} />, {
      onRecoverableError: (error, info) => {
        // A link followed while the home page was being hydrated (the hash changed): React
        // renders the new route afresh, as planned (decision 046). Anything else is a real fault.
        if (window.location.hash !== bootHash) {
          console.info('Hydration gave way to a fresh render: the route changed', error);
        } else {
          console.error('Hydration failed', error, info.componentStack);
        }
      },
    });
  } else createRoot(container).render(<StartApp />);
});

// Installable, and order pages kept for offline use (issue #42): registered after the load.
registerServiceWorker();
