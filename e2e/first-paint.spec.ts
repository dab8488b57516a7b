import type { Page } from '@playwright/test';
import englishHome from '../locales/en/home.json' with { type: 'json' };
import englishPurchase from '../locales/en/purchase.json' with { type: 'json' };
import burmeseHomeRaw from '../locales/my/home.json' with { type: 'json' };
import { jsonAnswer } from './support/gemini';
import {
  commonTexts,
  expect,
  expectFailedLoad,
  motion,
  reportCspViolations,
  test,
  unknownPath,
  useLanguage,
} from './support/fixtures';
import { shownBundle } from './support/burmese';

const burmeseHome = shownBundle(burmeseHomeRaw);

// The first paint a visitor sees, animations on.
test.use(motion);

/**
 * The first frames of a cold load (issue #14, decision 046). index.html carries the home page,
 * pre-rendered; its boot script must hide it before the first paint wherever the visit is not
 * the English home page. A script that runs before the page's own samples, at every frame until
 * the test reads them, the text that is really rendered (innerText skips hidden elements): a busy
 * machine may take longer to show a page, and every frame until then is kept (no time window).
 * The same script keeps every layout shift from the start of the load, with what moved.
 */
type Frame = { at: number; text: string; h1: string[]; entryRequested: boolean };
/** One layout shift: when, how much, and what moved (a failure names it). */
type Shift = { at: number; value: number; moved: string[] };
type ShiftEntry = PerformanceEntry & {
  value: number;
  sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: Frame[] = [];
    const shifts: Shift[] = [];
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const keep = (entries: ShiftEntry[]) => {
      for (const entry of entries) {
        shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const name =
              node instanceof Element
                ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((c) => `.${c}`).join('')}`
                : (node?.nodeName ?? 'a removed node');
            return `${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`;
          }),
        });
      }
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries() as ShiftEntry[]));
    observer.observe({ type: 'layout-shift', buffered: true });
    const sample = () => {
      // The page's text as shown: #root's, and the checkout's copy while index.html shows it.
      const shown = [document.getElementById('root'), document.getElementById('boot-page')].filter(
        (element): element is HTMLElement => element?.checkVisibility() ?? false,
      );
      const frame = {
        at: performance.now(),
        text: shown.map((element) => element.innerText).join('\n'),
        h1: [...document.querySelectorAll('h1')]
          .filter((h1) => h1.checkVisibility({ visibilityProperty: true }))
          .map((h1) => (h1 as HTMLElement).innerText.trim().split('\n')[0] ?? ''),
        entryRequested: document.querySelector('link[data-entry]') !== null,
      };
      // A frame like the one before is kept once: the page may sit still for a long while.
      const last = frames.at(-1);
      if (
        !last ||
        last.text !== frame.text ||
        last.entryRequested !== frame.entryRequested ||
        last.h1.join('\n') !== frame.h1.join('\n')
      ) {
        frames.push(frame);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    Object.assign(window, {
      firstFrames: frames,
      layoutShiftsSoFar: () => {
        keep(observer.takeRecords() as ShiftEntry[]);
        return shifts;
      },
    });
  });
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstFrames: Frame[] }).firstFrames);

/**
 * Checks the page's cumulative layout shift so far (every shift since the load, summed), read two
 * frames after the call, so that what was laid out before it has been painted and reported. Over
 * the budget, the message lists each shift: when, how much and which elements moved where.
 */
async function expectLayoutShiftAtMost(page: Page, budget: number) {
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              (window as unknown as { layoutShiftsSoFar: () => Shift[] }).layoutShiftsSoFar(),
            ),
          ),
        ),
      ),
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const described = shifts
    .map((shift) => `at ${shift.at} ms ${shift.value.toFixed(5)}: ${shift.moved.join('; ')}`)
    .join('\n');
  expect(total, `layout shifts:\n${described}`).toBeLessThanOrEqual(budget);
}

const heroTitle = englishHome.hero.title;

test.beforeEach(async ({ page }) => {
  await reportCspViolations(page);
  await recordFrames(page);
});

test('the home page is painted from HTML before its JavaScript is even requested', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
  const frames = await framesOf(page);
  const first = frames.find((frame) => frame.text.includes(heroTitle));
  expect(first, 'a frame showed the hero').toBeDefined();
  expect(first?.entryRequested).toBe(false);
  expect(first?.h1).toContain(heroTitle);
});

for (const { path, heading } of [
  { path: '/buy-esim', heading: englishPurchase.title },
  { path: '/contact', heading: undefined },
  { path: unknownPath, heading: undefined },
]) {
  test(`a cold load of #${path} never shows the home page, not even for one frame`, async ({
    page,
  }) => {
    await page.goto(`./#${path}`);
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    const shown = page.locator('main h1').first();
    await expect(shown).toBeVisible();
    if (heading) await expect(shown).toHaveText(heading);
    const ownHeading = (await shown.innerText()).trim();
    const frames = await framesOf(page);
    expect(frames.length).toBeGreaterThan(0);
    // The shell was drawn (the header's navigation), and the page itself came from its
    // pre-rendered copy before the app's JavaScript was requested (decision 062).
    expect(frames.some((frame) => frame.text.includes(commonTexts.en.nav.buy))).toBe(true);
    const own = frames.find((frame) => frame.h1.includes(ownHeading));
    expect(own, 'a frame showed the page').toBeDefined();
    expect(own?.entryRequested).toBe(false);
    for (const frame of frames) {
      expect(frame.text, `frame at ${Math.round(frame.at)} ms`).not.toContain(heroTitle);
      for (const h1 of frame.h1) expect(h1).toBe(ownHeading);
    }
    // React drew the same page over it: no spinner in between, no layout shift.
    const shownAt = frames.indexOf(own!);
    expect(frames.slice(shownAt).every((frame) => frame.h1.includes(ownHeading))).toBe(true);
    await expectLayoutShiftAtMost(page, 0.02);
  });
}

test('a route whose pre-rendered copy cannot be fetched still shows, from the app', async ({
  page,
  consoleErrors,
}) => {
  await page.route(/\/assets\/page-contact-[\w]+\.html$/, (route) =>
    route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  await page.goto('./#/contact');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  const heading = page.locator('main h1').first();
  await expect(heading).toBeVisible();
  const frames = await framesOf(page);
  for (const frame of frames) {
    expect(frame.text, `frame at ${Math.round(frame.at)} ms`).not.toContain(heroTitle);
  }
  // The copy never arrived: the page came with the app.
  const own = frames.find((frame) => frame.h1.length > 0);
  expect(own?.entryRequested).toBe(true);
  expectFailedLoad(consoleErrors, 503);
});

test('a first visit of #/buy-esim paints the plan list from HTML, then the same page without a shift', async ({
  page,
}) => {
  await page.goto('./#/buy-esim');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-boot');
  const buyPower = page.getByRole('button', { name: 'Buy Power User' });
  await expect(buyPower).toBeVisible();
  const frames = await framesOf(page);
  // The plans were on screen before the app's JavaScript was requested (decision 062).
  const first = frames.find((frame) => frame.text.includes(englishPurchase.plans.heading));
  expect(first, 'a frame showed the plan list').toBeDefined();
  expect(first?.entryRequested).toBe(false);
  for (const frame of frames) {
    expect(frame.text, `frame at ${Math.round(frame.at)} ms`).not.toContain(heroTitle);
    for (const h1 of frame.h1) expect(h1).toBe(englishPurchase.title);
  }
  // React drew the same page over it; no layout shift, and the page works.
  await expectLayoutShiftAtMost(page, 0.02);
  await buyPower.click();
  await expect(
    page.getByRole('heading', { name: englishPurchase.operators.heading }),
  ).toBeVisible();
});

test('a kept order or a step in the address skips the plan list: never shown over the payment step', async ({
  page,
}) => {
  await page.goto('./#/buy-esim');
  await page.getByRole('button', { name: 'Buy Power User' }).click();
  await expect(page).toHaveURL(/step=operator/);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: englishPurchase.operators.heading }),
  ).toBeVisible();
  const frames = await framesOf(page);
  for (const frame of frames) {
    expect(frame.text, `frame at ${Math.round(frame.at)} ms`).not.toContain(
      englishPurchase.plans.heading,
    );
  }
});

test('a returning Burmese visitor never sees the English page: the start overlay, then Burmese', async ({
  page,
}) => {
  await useLanguage(page, 'my');
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: burmeseHome.hero.title })).toBeVisible();
  const frames = await framesOf(page);
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    expect(frame.text, `frame at ${Math.round(frame.at)} ms`).not.toContain(heroTitle);
    expect(frame.text).not.toContain(commonTexts.en.nav.buy);
    expect(frame.h1.filter((h1) => h1 !== burmeseHome.hero.title)).toEqual([]);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
});

// Pages whose content loads after their first render reserve its place (issue #14): on a phone
// the footer or the section below must not jump when the posts, the report or the device check
// arrive.
test.describe('on an Android phone', () => {
  // The device check detects this model and asks the AI about it: the answer comes late.
  test.use({
    viewport: { width: 412, height: 823 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });
  test("a cold load of #/compatibility keeps the answer's place: no shift when it comes", async ({
    page,
    gemini,
  }) => {
    // The device table does not know this model: the AI answers, a little later.
    const reason =
      'Some Moto G Power models support eSIM and others do not: look in Settings > Network & internet > SIMs for an option to download a SIM.';
    gemini.on('generateContent', async () => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return jsonAnswer({ isCompatible: 'UNCERTAIN', reason });
    });
    await page.goto('./#/compatibility');
    // The answer itself, not only its tone: the shifts are read once it is on screen.
    await expect(page.locator('.compat-result[data-tone="uncertain"]')).toContainText(reason);
    // The answer grows in the place kept for it, from where the waiting line stood; the list
    // below stays off screen. What is left is its title line pushing the sentence down (0.0044).
    // 0.015 before: the list's heading showed at the bottom and was pushed off, and the waiting
    // box's thinner border moved the answer's text.
    await expectLayoutShiftAtMost(page, 0.01);
  });
});

for (const path of ['/blog', '/status', '/compatibility']) {
  test(`a cold load of #${path} on a phone does not shift the layout`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`./#${path}`);
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    // What comes late (the posts, the report, the device check) has come: the app has started
    // and asks for nothing more.
    await expect(page.locator('html')).toHaveAttribute('data-started', '');
    await page.waitForLoadState('networkidle');
    await expectLayoutShiftAtMost(page, 0.02);
  });
}

// A tap on the pre-rendered page before the app has started is not lost (decision 065): the
// app's entry is held back here until the test has tapped, as a slow connection would.
test.describe('a tap before the app has started', () => {
  /** Holds the entry script until `release()`; `held` resolves once the browser asked for it. */
  async function holdEntry(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const held = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js(\?.*)?$/, async (route) => {
      requested();
      await released;
      await route.continue();
    });
    return { release, held };
  }

  test('on a route’s copy: “Buy” is clicked again once the app has the page', async ({ page }) => {
    const entry = await holdEntry(page);
    await page.goto('./#/buy-esim');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
    await entry.held;
    await page.getByRole('button', { name: 'Buy Power User' }).click();
    // Nothing can happen yet; the page says it is busy.
    await expect(page.locator('html')).toHaveAttribute('data-boot-tap', '');
    await expect(page.getByRole('heading', { name: englishPurchase.plans.heading })).toBeVisible();
    entry.release();
    await expect(
      page.getByRole('heading', { name: englishPurchase.operators.heading }),
    ).toBeVisible();
    await expect(page).toHaveURL(/step=operator/);
    await expect(page.locator('html')).not.toHaveAttribute('data-boot-tap');
  });

  test('on the pre-rendered home page: the chat button opens the chat once hydrated', async ({
    page,
  }) => {
    const entry = await holdEntry(page);
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    await entry.held;
    await page.getByRole('button', { name: 'Ask AI Assistant' }).click();
    // The tap was kept for the app, and nothing opened meanwhile.
    await expect(page.locator('html')).toHaveAttribute('data-boot-tap', '');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    entry.release();
    await expect(page.getByRole('dialog', { name: 'Ask AI Assistant' })).toBeVisible();
  });

  test('a form in a copy is not sent by the browser (the address and page stay)', async ({
    page,
  }) => {
    const entry = await holdEntry(page);
    await page.goto('./#/blog');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
    await entry.held;
    const address = page.url();
    // What the browser was asked to do with the Enter key: a submit (or the submit button's
    // click), recorded after the page's own listeners, with whether its default was prevented.
    await page.evaluate(() => {
      const events: { type: string; prevented: boolean }[] = [];
      for (const type of ['click', 'submit']) {
        window.addEventListener(type, (event) =>
          events.push({ type, prevented: event.defaultPrevented }),
        );
      }
      Object.assign(window, { sameDocument: true, formEvents: events });
    });
    await page.locator('input[type="email"]').fill('reader@example.com');
    await page.locator('input[type="email"]').press('Enter');
    const formEvents = () =>
      page.evaluate(
        () => (window as unknown as { formEvents: { prevented: boolean }[] }).formEvents,
      );
    await expect.poll(async () => (await formEvents()).length).toBeGreaterThan(0);
    expect((await formEvents()).every((event) => event.prevented)).toBe(true);
    expect(page.url()).toBe(address);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    entry.release();
    await expect(page.locator('html')).toHaveAttribute('data-started', '');
  });
});
