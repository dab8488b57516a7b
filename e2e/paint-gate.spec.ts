import { randomBytes } from 'node:crypto';
import { readRoutes } from '../scripts/prerender';
import { expect, motion, test, unknownPath } from './support/fixtures';
import { measurePaint, paintProblems, type PaintBudget } from './support/paint';
import { e2eServers } from './support/servers';

/**
 * The paint gate of CI (decision 081, replacing Lighthouse's score of decision 017): for every
 * pre-rendered route, what its first paint costs and whether it is the page, in figures a busy
 * machine cannot change (e2e/support/paint.ts). Lighthouse stays a benchmark (`npm run
 * bench:lcp`), since its score moves with the machine's load.
 */
// The first paint a visitor sees, animations on.
test.use(motion);

const budget: PaintBudget = {
  // What each route's paint weighs is not written here, where it would drift: every run
  // prints it (the test's `paint` annotation in the report: requests, KB gzipped, CLS, LCP).
  // The budget leaves room for the pages' text to grow; a route that pulled a script, the app's
  // stylesheets or a large image into its first paint would go over.
  bytes: 40 * 1024,
  // Measured: the document and the icon (home); the document, the route's copy and the icon.
  requests: 4,
  layoutShift: 0.02,
};

/**
 * The pre-rendered routes: home (index.html) and every route of the route table without a
 * parameter, as scripts/prerender.ts chooses them; the unknown-route copy as any unknown path.
 */
const routes = [
  '/',
  ...Object.keys(readRoutes(process.cwd()))
    .filter((path) => !path.includes(':'))
    .map((path) => (path === '*' ? unknownPath : path)),
];
const address = (path: string) =>
  path === '/' ? e2eServers.gemini.url : `${e2eServers.gemini.url}#${path}`;

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
// Every route on a phone (as Lighthouse's mobile run), the two busiest also on a desktop.
const cases = [
  ...routes.map((path) => ({ path, device: 'phone', viewport: phone })),
  ...['/', '/buy-esim'].map((path) => ({ path, device: 'desktop', viewport: desktop })),
];

for (const { path, device, viewport } of cases) {
  {
    test(`paint gate: #${path} on a ${device} paints its page from HTML within budget`, async ({
      browser,
    }) => {
      const report = await measurePaint(browser, address(path), { viewport });
      test.info().annotations.push({
        type: 'paint',
        description: `${report.requests.length} requests, ${(report.bytes / 1024).toFixed(1)} KB gzipped, CLS ${report.layoutShift.toFixed(3)}, LCP ${report.appLcp}`,
      });
      expect(paintProblems(report, budget)).toEqual([]);
    });
  }
}

/**
 * The gate itself fails where it should: a fixture page whose largest text is put in by a script,
 * which pushes the page's text down when it does, and which waits for a large stylesheet.
 */
test('paint gate: a page whose largest element comes from a script fails it', async ({
  browser,
}) => {
  const origin = e2eServers.gemini.url.replace(/\/$/, '');
  const page = `${origin}/__paint-fixture.html`;
  const report = await measurePaint(browser, page, {
    async prepare(context) {
      await context.route(`${origin}/__paint-fixture.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>fixture</title>
<link rel="stylesheet" href="/__paint-fixture.css"></head>
<body><p id="small">A short line of text.</p><script src="/__paint-fixture.js"></script></body></html>`,
        }),
      );
      // A stylesheet carrying 80 KB of random bytes, which gzip cannot shrink under the budget.
      const rules = `/* ${randomBytes(80 * 1024).toString('base64')} */\np { margin: 0 }`;
      await context.route(`${origin}/__paint-fixture.css`, (route) =>
        route.fulfill({ contentType: 'text/css', body: rules }),
      );
      await context.route(`${origin}/__paint-fixture.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          // The heading goes in once the page's text has been painted (its first contentful
          // paint reported), so that moving that text is a layout shift however late the first
          // frame comes: on a busy machine `load` could come before it, and nothing had moved.
          body: `new PerformanceObserver((list, observer) => {
  if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
  observer.disconnect();
  requestAnimationFrame(() => {
    const h = document.createElement('h1');
    h.style.fontSize = '48px';
    h.textContent = 'A heading that only the script writes, larger than anything in the HTML';
    document.body.prepend(h);
    document.documentElement.setAttribute('data-started', '');
  });
}).observe({ type: 'paint', buffered: true });`,
        }),
      );
    },
  });
  const problems = paintProblems(report, budget);
  expect(report.htmlLcp).toContain('A short line of text.');
  expect(report.appLcp).toContain('A heading that only the script writes');
  expect(problems).toEqual([
    expect.stringMatching(/gzipped before the first paint, over 40\.0 KB/),
    expect.stringMatching(/the largest paint is not from the HTML: <h1> A heading that only/),
    expect.stringMatching(/layout shift 0\.\d+ until the app has taken over, over 0\.02/),
  ]);
  // A render-blocking script in <head> is named, and counts as a request before the paint.
  const blocked = await measurePaint(browser, page, {
    async prepare(context) {
      await context.route(`${origin}/__paint-fixture.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>fixture</title>
<script src="/__paint-fixture.js"></script></head><body><h1>From the HTML</h1></body></html>`,
        }),
      );
      await context.route(`${origin}/__paint-fixture.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `document.documentElement.setAttribute('data-started', '');`,
        }),
      );
    },
  });
  expect(blocked.appLcpFromHtml).toBe(true);
  expect(paintProblems(blocked, budget)).toEqual([
    expect.stringMatching(/^render-blocking scripts: .*__paint-fixture\.js$/),
  ]);
  expect(blocked.requests.map((request) => new URL(request.url).pathname)).toEqual([
    '/__paint-fixture.html',
    '/__paint-fixture.js',
  ]);
});
