import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';

/**
 * The paint gate (decision 081): what a cold load of a pre-rendered route costs before its first
 * paint, and whether that paint is the page, measured in ways a busy machine cannot change. No
 * figure here is a time: bytes, request counts, which element is the largest painted, and how
 * far the layout moved. Each route is loaded twice in fresh contexts (nothing cached):
 *
 * 1. **HTML alone**: every external script is refused (the inline boot script of index.html is
 *    part of the document and runs). What the browser asks for then is what the pre-rendered
 *    paint needs: the document, the route's pre-rendered copy, stylesheets, fonts and images.
 *    Their bytes are counted gzipped (as a CDN serves them; `vite preview` sends them plain).
 *    The elements on the page are the pre-rendered copy.
 * 2. **With the app**: the app loads and takes over (`data-started` on <html>). The largest
 *    contentful paint of this load must be an element of the pre-rendered copy (same tag, same
 *    text or image), and the layout shift until then, summed, must stay within the budget.
 *    Render-blocking scripts of this load (Resource Timing's `renderBlockingStatus`) count as
 *    requests and bytes before the first paint too.
 */
export type PaintBudget = {
  /** Gzipped bytes the pre-rendered paint asks for, render-blocking scripts included. */
  bytes: number;
  /** Requests the pre-rendered paint makes, the document included. */
  requests: number;
  /** Cumulative layout shift from the navigation until the app has taken over. */
  layoutShift: number;
};

export type PaintReport = {
  url: string;
  /** What the pre-rendered paint asked for (gzipped bytes each). */
  requests: { url: string; bytes: number }[];
  bytes: number;
  /** External scripts that blocked rendering in the load with the app. */
  blockingScripts: string[];
  /** The largest painted element with the HTML alone (undefined: nothing was painted). */
  htmlLcp: string | undefined;
  /** The largest painted element with the app, and whether the pre-rendered copy has it. */
  appLcp: string | undefined;
  appLcpFromHtml: boolean;
  layoutShift: number;
};

/** Installed before any script of the page: records LCP candidates and layout shifts. */
function recordPaint() {
  /** An element as a comparable text: its tag with its text, or its image. */
  const signature = (element: Element | null): string | undefined => {
    if (!element) return undefined;
    const tag = element.tagName.toLowerCase();
    const image =
      (element as HTMLImageElement).currentSrc ||
      element.getAttribute('src') ||
      element.getAttribute('href') ||
      element.getAttribute('poster') ||
      '';
    const source = image ? ` ${new URL(image, location.href).pathname}` : '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    return `<${tag}>${source} ${text}`.trim();
  };
  const paint = { lcp: [] as (string | undefined)[], shift: 0, signature };
  Object.assign(window, { __paint: paint });
  const lcp = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      paint.lcp.push(signature(entry.element));
    }
  });
  lcp.observe({ type: 'largest-contentful-paint', buffered: true });
  const shifts = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) paint.shift += entry.value;
    }
  });
  shifts.observe({ type: 'layout-shift', buffered: true });
  Object.assign(paint, {
    /** Delivers what the observers hold but have not yet reported. */
    flush() {
      lcp.takeRecords().forEach((entry) => {
        paint.lcp.push(
          signature((entry as PerformanceEntry & { element: Element | null }).element),
        );
      });
      for (const entry of shifts.takeRecords() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) paint.shift += entry.value;
      }
    },
  });
}

type PaintState = { lcp: (string | undefined)[]; shift: number; flush(): void };

/** Two frames after the call: whatever was laid out by then has been painted and reported. */
const afterTwoFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

const readPaint = (page: Page) =>
  page.evaluate(() => {
    const paint = (window as unknown as { __paint: PaintState }).__paint;
    paint.flush();
    return { lcp: paint.lcp, shift: paint.shift };
  });

const isScript = (url: string) => /\.(m?js)(\?.*)?$/.test(new URL(url).pathname);

export type PaintOptions = {
  /** Sets a context up before the page opens (routes for a fixture, storage). */
  prepare?: (context: BrowserContext) => Promise<void>;
  viewport?: { width: number; height: number };
  /** The state that says the app has taken over (default: `data-started` on <html>). */
  appReady?: (page: Page) => Promise<void>;
};

/** Measures one pre-rendered route (see the top of this file). */
export async function measurePaint(
  browser: Browser,
  url: string,
  options: PaintOptions = {},
): Promise<PaintReport> {
  const viewport = options.viewport ?? { width: 390, height: 844 };
  const open = async () => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    await options.prepare?.(context);
    const page = await context.newPage();
    await page.addInitScript(recordPaint);
    return { context, page };
  };

  // 1. The HTML alone.
  const html = await open();
  const requests: Promise<{ url: string; bytes: number }>[] = [];
  let htmlLcp: string | undefined;
  let copy: string[];
  let finished: { url: string; bytes: number }[];
  try {
    await html.context.route(
      (address) => isScript(address.href),
      (route) => route.abort('blockedbyclient'),
    );
    const onFinished = (request: Request) => {
      requests.push(
        (async () => {
          // A body the browser no longer holds (a media stream) counts by its size on the wire.
          const response = await request.response().catch(() => null);
          const body = await response?.body().catch(() => undefined);
          const bytes = body
            ? gzipSync(body, { level: 6 }).length
            : ((await request.sizes().catch(() => undefined))?.responseBodySize ?? 0);
          return { url: request.url(), bytes };
        })(),
      );
    };
    html.page.on('requestfinished', onFinished);
    await html.page.goto(url);
    await html.page.waitForLoadState('networkidle');
    await afterTwoFrames(html.page);
    const paint = await readPaint(html.page);
    htmlLcp = paint.lcp.at(-1);
    copy = await html.page.evaluate(() => {
      const { signature } = (window as unknown as { __paint: { signature(e: Element): string } })
        .__paint;
      return [...document.body.querySelectorAll('*')].map((element) => signature(element));
    });
    // Every body read while the page is open: on a busy machine a late one met a closed target.
    html.page.off('requestfinished', onFinished);
    finished = await Promise.all(requests);
  } finally {
    await html.context.close();
  }

  // 2. With the app, until it has taken over.
  const app = await open();
  let appLcp: string | undefined;
  let layoutShift: number;
  let blockingScripts: string[];
  try {
    const scriptBytes = new Map<string, number>();
    app.page.on('requestfinished', async (request) => {
      if (!isScript(request.url())) return;
      // After the context closes (a late script) there is nothing to read, and nothing to fail.
      const response = await request.response().catch(() => null);
      const body = await response?.body().catch(() => undefined);
      if (body) scriptBytes.set(request.url(), gzipSync(body, { level: 6 }).length);
    });
    await app.page.goto(url);
    await (options.appReady
      ? options.appReady(app.page)
      : app.page.locator('html[data-started]').waitFor({ state: 'attached' }));
    await app.page.waitForLoadState('networkidle');
    await afterTwoFrames(app.page);
    const paint = await readPaint(app.page);
    appLcp = paint.lcp.at(-1);
    layoutShift = paint.shift;
    blockingScripts = await app.page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
              .renderBlockingStatus === 'blocking' &&
            /\.m?js(\?.*)?$/.test(new URL(entry.name).pathname),
        )
        .map((entry) => entry.name),
    );
    for (const script of blockingScripts) {
      finished.push({ url: script, bytes: scriptBytes.get(script) ?? 0 });
    }
  } finally {
    await app.context.close();
  }

  return {
    url,
    requests: finished,
    bytes: finished.reduce((sum, request) => sum + request.bytes, 0),
    blockingScripts,
    htmlLcp,
    appLcp,
    appLcpFromHtml: appLcp !== undefined && copy.includes(appLcp),
    layoutShift,
  };
}

/** What breaks the budget, one sentence each (empty: within it). */
export function paintProblems(report: PaintReport, budget: PaintBudget): string[] {
  const problems: string[] = [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  if (report.bytes > budget.bytes) {
    problems.push(
      `${kb(report.bytes)} gzipped before the first paint, over ${kb(budget.bytes)}: ${report.requests.map((r) => `${new URL(r.url).pathname} ${kb(r.bytes)}`).join(', ')}`,
    );
  }
  if (report.requests.length > budget.requests) {
    problems.push(
      `${report.requests.length} requests before the first paint, over ${budget.requests}: ${report.requests.map((r) => new URL(r.url).pathname).join(', ')}`,
    );
  }
  if (report.blockingScripts.length > 0) {
    problems.push(`render-blocking scripts: ${report.blockingScripts.join(', ')}`);
  }
  if (report.htmlLcp === undefined) {
    problems.push('the HTML alone paints nothing');
  }
  if (!report.appLcpFromHtml) {
    problems.push(
      `the largest paint is not from the HTML: ${report.appLcp ?? '(no element)'} (with the HTML alone: ${report.htmlLcp ?? 'nothing'})`,
    );
  }
  if (report.layoutShift > budget.layoutShift) {
    problems.push(
      `layout shift ${report.layoutShift.toFixed(3)} until the app has taken over, over ${budget.layoutShift}`,
    );
  }
  return problems;
}
