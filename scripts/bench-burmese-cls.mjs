#!/usr/bin/env node
/**
 * `npm run bench:burmese-cls` (issue #42 point 5): the layout shift of a Burmese visit while the
 * Burmese web font arrives. Serves the production build with gzip on 127.0.0.1 and opens each
 * route cold (empty cache, the language remembered as Burmese) in Chromium with a slow 4G
 * network and a 4× slower CPU, as Lighthouse's mobile run does; English visits of the same routes
 * are the reference in the same run, taking turns. Prints the medians per route and language:
 * CLS (layout shifts without input, as web-vitals counts them, until the page has settled) and
 * the largest shift's time, and LCP. `--dist a,b` compares two builds (say, before and after a
 * change), taking turns with them too.
 *
 *   node scripts/bench-burmese-cls.mjs [--runs 5] [--dist dist[,dist2]] [--port 5545] [--routes /,/buy-esim]
 *
 * A benchmark, not a check: the figures move with the machine's load. CHROME_PATH defaults to
 * /usr/bin/chromium.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const runs = Number(option('runs', 5));
const dists = option('dist', 'dist').split(',');
const port = Number(option('port', 5545));
const routes = option('routes', '/,/buy-esim').split(',');
for (const dist of dists) {
  if (!existsSync(join(resolve(dist), 'index.html'))) {
    console.error(`No build in ${dist}: run npx vite build first (or pass --dist).`);
    process.exit(1);
  }
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};
const cache = new Map();
/** A gzip static server of one build, on its own port. */
const serve = (dist, at) =>
  createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    let body = readFileSync(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
    if (/html|javascript|css|json|svg/.test(type)) {
      if (!cache.has(file)) cache.set(file, gzipSync(body, { level: 6 }));
      body = cache.get(file);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    response.writeHead(200, headers).end(body);
  }).listen(at, '127.0.0.1');
const servers = dists.map((dist, index) => ({
  label: dist,
  origin: `http://127.0.0.1:${port + index}`,
  server: serve(resolve(dist), port + index),
}));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});

/** One cold visit: CLS, the largest shift's time, LCP (ms). */
async function visit(origin, route, language) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; a 4× slower CPU.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript((lang) => {
    localStorage.setItem('esim-shop.language', lang);
    const seen = { cls: 0, largest: 0, largestAt: 0, lcp: 0 };
    window.__vitals = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        seen.cls += entry.value;
        if (entry.value > seen.largest) {
          seen.largest = entry.value;
          seen.largestAt = entry.startTime;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }, language);
  await page.goto(`${origin}/#${route}`, { waitUntil: 'load', timeout: 120_000 });
  // Settled: the app has started and every font the page uses is in (or failed).
  await page.waitForFunction(() => 'started' in document.documentElement.dataset, null, {
    timeout: 120_000,
  });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.evaluate(() => document.fonts.ready);
  const vitals = await page.evaluate(() => ({ ...window.__vitals }));
  await context.close();
  return vitals;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const results = new Map();
for (let run = 0; run < runs; run += 1) {
  for (const route of routes) {
    for (const language of ['en', 'my']) {
      for (const { label, origin } of servers) {
        const key = `${label} ${route} ${language}`;
        const vitals = await visit(origin, route, language);
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(vitals);
        console.error(
          `run ${run + 1}/${runs} ${key}: CLS ${vitals.cls.toFixed(4)}, LCP ${Math.round(vitals.lcp)} ms`,
        );
      }
    }
  }
}
await browser.close();
for (const { server } of servers) server.close();

console.log(`\nBurmese font reflow, ${runs} cold visits each (slow 4G, CPU ×4), medians:\n`);
console.log('| build | route | language | CLS | max CLS | largest shift at | LCP |');
console.log('|---|---|---|---|---|---|---|');
for (const [key, list] of results) {
  const [build, route, language] = key.split(' ');
  console.log(
    `| ${build} | ${route} | ${language} | ${median(list.map((v) => v.cls)).toFixed(4)} | ` +
      `${Math.max(...list.map((v) => v.cls)).toFixed(4)} | ` +
      `${Math.round(median(list.map((v) => v.largestAt)))} ms | ` +
      `${Math.round(median(list.map((v) => v.lcp)))} ms |`,
  );
}
