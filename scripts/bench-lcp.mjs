#!/usr/bin/env node
/**
 * `npm run bench:lcp` (issue #14): how far the shop's first paint is from a bare static page.
 *
 * Serves the production build with gzip on 127.0.0.1, writes a bare reference page beside it (the
 * home page's hero text, no JavaScript, the same system fonts and colours), and runs Lighthouse
 * 13 (mobile, simulated slow 4G) on home, /#/buy-esim and the bare page, taking turns, several
 * runs each. Prints one table from the medians: score, FCP, LCP and LCP ÷ the bare page's LCP.
 * Each run also names its LCP element and the page's first heading, so a hash route that did not
 * load its own page shows.
 *
 *   node scripts/bench-lcp.mjs [--runs 5] [--all | --routes /a,/b] [--build] [--dist dist] [--port 5540]
 *
 * --all measures every route of src/domain/paths.ts (with the bare page) instead of home and
 * /buy-esim; --routes measures the routes named (with the bare page); --build builds first (it also builds when dist/ has no index.html). Environment:
 * CHROME_PATH (default /usr/bin/chromium). Lighthouse's reports go to .lighthouse/bench/; the
 * table to reports/bench-lcp.md (reports/bench-lcp-all.md with --all, reports/bench-lcp-routes.md
 * with --routes), the report kept for issue notes. A route with a parameter (/order/:id) is measured
 * at its address with a made-up id: the page a link to an unknown order opens.
 *
 * This is a benchmark, not a check: Lighthouse's score moves with the machine's load (Total
 * Blocking Time rises with CPU contention), so CI gates on the paint gate instead
 * (e2e/paint-gate.spec.ts, decision 081).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closeBrowsersOnExit, lighthouseRun, median } from './lighthouse-run.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const runs = Number(option('runs', 5));
const dist = resolve(option('dist', 'dist'));
const port = Number(option('port', 5540));
const all = args.includes('--all');
const only = option('routes', '')
  .split(',')
  .filter(Boolean)
  .map((path) => (path.startsWith('/') ? path : `/${path}`));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const outDir = '.lighthouse/bench';
const origin = `http://127.0.0.1:${port}`;
const BARE = '/__bare-reference.html';

if (args.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
mkdirSync(outDir, { recursive: true });

/** The reference: the home hero's text as plain HTML, the site's colours and system fonts. */
function barePage() {
  const home = JSON.parse(readFileSync('locales/en/home.json', 'utf8'));
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>eSIM Myanmar</title>
<meta name="description" content="Bare reference page for the first-paint benchmark." />
<style>
html { background: #0a0f24; color: #eef1ff; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; line-height: 1.6; }
main { width: min(1160px, 100% - 2rem); margin-inline: auto; padding-block: 2.5rem 4rem; }
h1 { font-size: clamp(1.8rem, 4vw, 2.6rem); line-height: 1.25; }
p { color: #b9c1e6; font-size: 1.15rem; }
</style>
</head>
<body>
<main>
<p>${escape(home.hero.tagline)}</p>
<h1>${escape(home.hero.title)}</h1>
<p>${escape(home.hero.subtitle)}</p>
</main>
</body>
</html>
`;
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
const cache = new Map();

/** A static server with gzip, as a CDN would serve dist/ (compressed once, kept in memory). */
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', origin).pathname);
  let body;
  let type;
  if (path === BARE) {
    body = Buffer.from(barePage());
    type = types['.html'];
  } else {
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    body = readFileSync(file);
    type = types[extname(file)] ?? 'application/octet-stream';
  }
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
  const gzip =
    compressible.has(path === '/' || path === BARE ? '.html' : extname(path)) &&
    /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  if (gzip) {
    const key = `${path}:${body.length}`;
    if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 6 }));
    body = cache.get(key);
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  headers['Content-Length'] = body.length;
  response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
});
await new Promise((done) => server.listen(port, '127.0.0.1', done));

/** The routes of src/domain/paths.ts, read from its source (the one route table). */
function routePaths() {
  const source = readFileSync('src/domain/paths.ts', 'utf8');
  const table = /export const paths = \{([\s\S]*?)\} as const/.exec(source)?.[1] ?? '';
  return [...table.matchAll(/(\w+): '([^']+)'/g)].map(([, name, path]) => ({
    name,
    path: path.replace(/:\w+/g, 'bench-0000'),
  }));
}

const pages = only.length
  ? [
      { label: 'bare page', url: `${origin}${BARE}` },
      ...only.map((path) => ({
        label: path === '/' ? 'home' : path,
        url: path === '/' ? `${origin}/` : `${origin}/#${path}`,
      })),
    ]
  : all
    ? [
        { label: 'bare page', url: `${origin}${BARE}` },
        ...routePaths().map(({ path }) => ({
          label: path === '/' ? 'home' : path,
          url: path === '/' ? `${origin}/` : `${origin}/#${path}`,
        })),
      ]
    : [
        { label: 'bare page', url: `${origin}${BARE}` },
        { label: 'home', url: `${origin}/` },
        { label: '/buy-esim', url: `${origin}/#/buy-esim` },
      ];

closeBrowsersOnExit();

/** One Lighthouse run of `page`: its figures, h1 and LCP element; its report kept in outDir. */
function measure(page, index) {
  return lighthouseRun(page.url, {
    chromePath,
    chromeFlags: ['--disable-dev-shm-usage'],
    inspect: async (runner, tab) => {
      const slug = page.label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'home';
      writeFileSync(join(outDir, `${slug}-${index}.json`), runner.report);
      const heading = await tab
        .evaluate(() => document.querySelector('main h1, h1')?.textContent?.trim() ?? '(no h1)')
        .catch(() => '(unknown)');
      const lhr = runner.lhr;
      const node = (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find(
        (item) => item.type === 'node',
      );
      return {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcpElement: node ? `${node.selector} "${node.nodeLabel}"` : '?',
        heading,
      };
    },
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

try {
  const results = new Map(pages.map((page) => [page.label, []]));
  // The pages take turns, so that a machine getting busier or quieter affects them alike.
  for (let i = 1; i <= runs; i += 1) {
    for (const page of pages) {
      const result = await measure(page, i);
      results.get(page.label).push(result);
      console.log(
        `${page.label} run ${i}/${runs}: ${result.score}, FCP ${seconds(result.fcp)}, LCP ${seconds(result.lcp)}, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}; h1 "${result.heading.slice(0, 48)}"; LCP element ${result.lcpElement.slice(0, 90)}`,
      );
    }
  }
  const bare = median(results.get('bare page').map((r) => r.lcp));
  const lines = [
    `Lighthouse 13, mobile, simulated slow 4G, median of ${runs} (${new Date().toISOString()})`,
    '',
    '| page | Lighthouse | FCP | LCP | LCP ÷ bare page | TBT |',
    '|---|---|---|---|---|---|',
  ];
  for (const [label, list] of results) {
    const lcp = median(list.map((r) => r.lcp));
    lines.push(
      `| ${label} | ${median(list.map((r) => r.score))} | ${seconds(median(list.map((r) => r.fcp)))} | ${seconds(lcp)} | ${(lcp / bare).toFixed(2)} | ${Math.round(median(list.map((r) => r.tbt)))} ms |`,
    );
  }
  const table = lines.join('\n');
  console.log(`\n${table}`);
  const name = only.length ? 'bench-lcp-routes' : all ? 'bench-lcp-all' : 'bench-lcp';
  writeFileSync(join(outDir, all ? 'table-all.md' : 'table.md'), `${table}\n`);
  mkdirSync('reports', { recursive: true });
  writeFileSync(join('reports', `${name}.md`), `# npm run bench:lcp\n\n${table}\n`);
  console.log(`\nTable written to reports/${name}.md`);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  server.close();
}
