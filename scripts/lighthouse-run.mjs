/**
 * What `npm run bench:lighthouse` (scripts/lighthouse.mjs) and `npm run bench:lcp`
 * (scripts/bench-lcp.mjs) share: one Lighthouse run (mobile, simulated throttling, performance
 * only) in a fresh headless Chromium, on its first tab brought to the front as the Lighthouse CLI
 * measures (a second tab beside it is a background tab, whose frames Chromium may hold back).
 * Browsers of runs in progress are closed with the script, however it ends.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

// Lighthouse brings both: chrome-launcher (as its CLI uses) and puppeteer-core (its Node API
// takes a puppeteer page, which lets a script run before the page's own on each navigation).
const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
const load = (name) => import(pathToFileURL(fromLighthouse.resolve(name)).href);
const { launch } = await load('chrome-launcher');
const { default: puppeteer } = await load('puppeteer-core');

const browsers = new Set();
/** `also` runs at exit too (stopping a server the script started). */
export function closeBrowsersOnExit(also = () => {}) {
  process.on('exit', () => {
    for (const chrome of browsers) chrome.kill();
    also();
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
}

/**
 * Runs Lighthouse on `url`: `prepare(tab)` before it, `inspect(runner, tab)` after it (the tab
 * still open); resolves with what `inspect` returns. Throws when Lighthouse gives no result.
 */
export async function lighthouseRun(
  url,
  { chromePath, chromeFlags = [], prepare = async () => {}, inspect },
) {
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', ...chromeFlags, '--disable-gpu'],
  });
  browsers.add(chrome);
  let browser;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const [firstTab] = await browser.pages();
    const tab = firstTab ?? (await browser.newPage());
    await tab.bringToFront();
    await prepare(tab);
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    };
    const runner = await lighthouse(url, flags, undefined, tab);
    if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
    return await inspect(runner, tab);
  } finally {
    await browser?.disconnect();
    chrome.kill();
    browsers.delete(chrome);
  }
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
