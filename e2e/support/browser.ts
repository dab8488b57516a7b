import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive (decision 108): CHROMIUM_PATH when set, else Debian's
 * `chromium-headless-shell` (the same Blink and V8 as `chromium`, without the browser's own UI
 * layer, the build Playwright itself uses for headless runs), else Debian's `chromium`.
 * scripts/test-all.sh installs both; Lighthouse (`npm run bench:lcp`) keeps the full browser.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** The flags every journey's browser starts with (no sandbox as root, no GPU on CI). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-gpu',
];
