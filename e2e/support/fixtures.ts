import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import englishCommon from '../../locales/en/common.json' with { type: 'json' };
import burmeseCommonRaw from '../../locales/my/common.json' with { type: 'json' };
import { GeminiMock } from './gemini';
import { shownBundle } from './burmese';

const burmeseCommon = shownBundle(burmeseCommonRaw);

export type Language = 'en' | 'my';

/** The `common` texts the app ships, per language (for checking what a page says). */
export const commonTexts: Record<Language, typeof englishCommon> = {
  en: englishCommon,
  my: burmeseCommon,
};

/** A path that is not in the route table, so it shows the 404 page. */
export const unknownPath = '/no-such-page';

type Fixtures = {
  /** Console errors, page errors and CSP violations; the test fails if any is left at the end. */
  consoleErrors: string[];
  gemini: GeminiMock;
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  gemini: async ({ page }, use) => {
    const mock = new GeminiMock(page);
    await mock.install();
    await use(mock);
  },
});

export { expect };

/** Chooses the UI language before the page loads (as a returning visitor would have it). */
export async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('esim-shop.language', lang), language);
}

/** Opens a route (e.g. '/buy-esim') and waits until the start-up overlay is gone. */
export async function openRoute(page: Page, path: string) {
  await page.goto(`./#${path}`);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * Opens a route in a fresh page load, as a typed or bookmarked address does (going to another
 * hash of the same page would only be a route change inside the running app).
 */
export async function openRouteFresh(page: Page, path: string) {
  await page.goto(`./#${path}`);
  await page.reload();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * `test.use(motion)`: the visitor's default, animations on. The journeys run with reduced motion
 * (playwright.config.ts, decision 104); those whose subject is motion, the paint gates and one
 * whole purchase use this.
 */
export const motion = { reducedMotion: 'no-preference' } as const;

/** axe-core's script, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.2 AA's rules, and target-size (off by default in axe). */
const axeOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

/**
 * axe with WCAG 2.2 AA tags and target-size; returns the violations. axe is put into the page
 * once per document and runs in place (decision 106): @axe-core/playwright's `analyze()` injected
 * it again on every call and finished each run in a new blank page, about 1.1 s of a 1.5 s scan
 * here. The shop's pages have no frames; a page with one is refused rather than half scanned.
 */
export async function axeViolations(page: Page) {
  const frames = page.frames().length;
  if (frames > 1) {
    throw new Error(
      `axeViolations scans one frame and ${page.url()} has ${frames}: scan its frames too before relying on it`,
    );
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (options) =>
      (
        window as unknown as {
          axe: {
            run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }>;
          };
        }
      ).axe
        .run(document, options)
        .then((results) => results.violations),
    axeOptions,
  );
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** The two screens every page is checked on: a desktop and a 390×844 phone. */
export const axeViewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Chromium logs "Failed to load resource" for every HTTP error, also for the ones a test scripts on
 * purpose; this takes exactly the expected one out of the console record (and fails if absent).
 */
export function expectFailedLoad(consoleErrors: string[], status: number) {
  const index = consoleErrors.findIndex(
    (line) =>
      line.startsWith('console.error: Failed to load resource') &&
      line.includes(`status of ${status}`),
  );
  expect(index, `a logged ${status} in ${JSON.stringify(consoleErrors)}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
}

/**
 * Reports every Content-Security-Policy violation of the page (an eval probe, a blocked worker
 * or connection) as a console error, so that the `consoleErrors` check fails on it.
 */
export async function reportCspViolations(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}
