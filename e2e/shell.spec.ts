import type { Page } from '@playwright/test';
import { paths, type RouteName } from '../src/domain/paths';
import { envSchema } from '../src/config/env-schema';
import {
  axeViewports,
  axeViolations,
  commonTexts,
  expect,
  motion,
  type Language,
  openRoute,
  test,
  unknownPath,
  useLanguage,
} from './support/fixtures';
import { e2eGeminiEnv } from './support/servers';
import { shownMy } from './support/burmese';

const routes = Object.entries(paths);
const languages: Language[] = ['en', 'my'];
const brand = envSchema().parse(e2eGeminiEnv).VITE_BRAND_NAME;

type PageTexts = { title: string; description: string };

/**
 * What a route shows once it has settled, before axe reads it: what comes after the heading (the
 * diagram, the posts, the status checks) and, in the help centre, one answer opened. This is the
 * one axe scan of each route's page in each language and viewport; the feature journeys scan only
 * the states a route does not open in (a result, a dialog, a purchase step, a paid order).
 */
const settle: Partial<Record<RouteName, (page: Page) => Promise<void>>> = {
  about: (page) =>
    expect(page.locator('.flowchart__diagram svg, .flowchart__steps').first()).toBeVisible({
      timeout: 20_000,
    }),
  helpCenter: async (page) => {
    const main = page.getByRole('main');
    await main.getByRole('button', { expanded: false }).first().click();
    await expect(main.getByRole('button', { expanded: true })).toHaveCount(1);
  },
  blog: (page) => expect(page.getByRole('main').getByRole('article')).toHaveCount(7),
  status: (page) => expect(page.locator('.status-banner')).toBeVisible(),
};

/**
 * What each page should announce, straight from locales/<lang>/common.json: every page renders
 * `<PageMeta page={name}>`, which reads `meta.<name>.title` and `meta.<name>.description` with
 * {{brand}} filled in; the 404 page uses `meta.notFound`.
 */
function expectedPageTexts(language: Language): Record<RouteName | 'notFound', PageTexts> {
  const meta: Record<string, PageTexts | undefined> = commonTexts[language].meta;
  const fill = (text: string) => text.replaceAll('{{brand}}', brand);
  const names = [...(Object.keys(paths) as RouteName[]), 'notFound' as const];
  return Object.fromEntries(
    names.map((name) => {
      const texts = meta[name];
      if (!texts) throw new Error(`locales/${language}/common.json has no meta.${name}`);
      return [name, { title: fill(texts.title), description: fill(texts.description) }];
    }),
  ) as Record<RouteName | 'notFound', PageTexts>;
}

for (const language of languages) {
  test.describe(`every route in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('renders with no console error, the right language, and its own translated title and one description', async ({
      page,
    }) => {
      // Every route in turn: a long test on a busy machine (a limit for a hang, not for speed).
      test.slow();
      const expected = expectedPageTexts(language);
      const shown: Partial<Record<RouteName | 'notFound', PageTexts>> = {};
      const visits = [...routes, ['notFound', unknownPath]] as [RouteName | 'notFound', string][];
      for (const [name, path] of visits) {
        const want = expected[name];
        await openRoute(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        if (language === 'my') await expect(page.locator('main')).toContainText(/[\u1000-\u109F]/);

        const descriptions = page.locator('meta[name="description"]');
        await expect(descriptions, `${path}: one description`).toHaveCount(1);
        await expect(descriptions, `${path}: its description`).toHaveAttribute(
          'content',
          want.description,
        );
        // The document's title; an SVG's own <title> (the /about flowchart's) is not one.
        await expect(page.locator('head > title'), `${path}: one title`).toHaveCount(1);
        await expect
          .poll(() => page.evaluate(() => document.title), `${path}: title`)
          .toBe(want.title);
        shown[name] = {
          title: await page.evaluate(() => document.title),
          description: (await descriptions.getAttribute('content')) ?? '',
        };
      }

      // Two pages whose texts differ must not show the same one (a title left from the last page).
      const names = visits.map(([name]) => name);
      let differing = 0;
      for (const [i, a] of names.entries()) {
        for (const b of names.slice(i + 1)) {
          for (const field of ['title', 'description'] as const) {
            if (expected[a][field] === expected[b][field]) continue;
            differing++;
            expect(shown[a]?.[field], `${field} of ${a} and ${b}`).not.toBe(shown[b]?.[field]);
          }
        }
      }
      expect(differing, 'pages whose texts differ').toBeGreaterThan(0);
    });

    // The routes in groups of six, one test each: a group is a few minutes' work on a busy
    // machine, and the groups run on every worker.
    const groups = Array.from({ length: Math.ceil(routes.length / 6) }, (_, index) =>
      routes.slice(index * 6, index * 6 + 6),
    );
    for (const viewport of axeViewports) {
      for (const group of groups) {
        const paths = group.map(([, path]) => path).join(', ');
        test(`axe finds no violation on ${paths} (${viewport.name})`, async ({ page }) => {
          test.slow();
          await page.setViewportSize(viewport);
          const found: Record<string, unknown> = {};
          for (const [name, path] of group) {
            await openRoute(page, path);
            await settle[name as RouteName]?.(page);
            const violations = await axeViolations(page);
            if (violations.length) found[name] = violations;
          }
          expect(found).toEqual({});
        });
      }

      test(`axe finds no violation on the 404 page (${viewport.name})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await openRoute(page, unknownPath);
        await expect(page.locator('main h1')).toHaveText(commonTexts[language].notFound.title);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('./#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('an unknown path shows the 404 page in Burmese, with links that lead home and to the plans', async ({
  page,
}) => {
  const texts = commonTexts.my.notFound;
  await useLanguage(page, 'my');
  await openRoute(page, unknownPath);
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(page.locator('main')).toContainText(texts.text);
  await expect(page.getByRole('link', { name: texts.buy })).toHaveAttribute(
    'href',
    `#${paths.buy}`,
  );
  const home = page.getByRole('link', { name: texts.home });
  await home.click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toHaveCount(0);
  await expect(page.locator('main h1')).toContainText(/[\u1000-\u109F]/);
});

test('a route change scrolls to the top and fades the new page in', async ({ page }) => {
  await page.emulateMedia(motion);
  // Recorded in the page: the fade lasts 0.35 s, shorter than a round trip of polling.
  await page.addInitScript(() => {
    const fades: string[] = [];
    Object.assign(window, { fades });
    for (const type of ['animationstart', 'animationend'] as const) {
      document.addEventListener(type, (event) => {
        const target = event.target as Element;
        if (event.animationName === 'route-fade' && target.closest('main')) {
          fades.push(`${type} ${location.hash}`);
        }
      });
    }
  });
  const fades = () => page.evaluate(() => (window as unknown as { fades: string[] }).fades);
  await openRoute(page, paths.terms);
  const partners = page.getByRole('contentinfo').getByRole('link', { name: 'Partners' });
  await partners.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  // The page a visit lands on is not faded in: it is the first paint (decision 046).
  expect(await fades()).toEqual([]);

  await partners.click();
  await expect(page).toHaveURL(/#\/partners$/);
  await expect(page.locator('main h1')).toHaveText('Our partners');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(fades).toEqual(['animationstart #/partners', 'animationend #/partners']);
  await expect(page.locator('main > .route-fade')).toHaveCSS('opacity', '1');
});

test('the language choice survives a reload and uses the Burmese font', async ({ page }) => {
  await openRoute(page, '/');
  await page.getByRole('button', { name: 'Switch the language to Burmese' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { name: shownMy('ထပ်မံလေ့လာရန်') })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (font) => font.family.includes('Noto Sans Myanmar') && font.status === 'loaded',
        );
      }),
    )
    .toBe(true);
  const family = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  expect(family).toContain('Noto Sans Myanmar');
});

// Decision 140: index.html declares the font faces; a copy or the app's whole stylesheets that
// declared them again would make new faces, loaded again, and the Burmese text would reflow.
for (const path of ['/', '/buy-esim', '/contact']) {
  test(`a Burmese visit of #${path} declares each font face once, also after the app has started`, async ({
    page,
  }) => {
    await useLanguage(page, 'my');
    await page.goto(`./#${path}`);
    await expect(page.locator('html')).toHaveAttribute('data-started', '');
    await page.waitForLoadState('networkidle');
    const faces = await page.evaluate(() =>
      [...document.fonts].map(
        (face) => `${face.family} ${face.weight} ${face.style} ${face.unicodeRange}`,
      ),
    );
    expect(faces.some((face) => face.includes('Noto Sans Myanmar'))).toBe(true);
    expect(faces.filter((face, index) => faces.indexOf(face) !== index)).toEqual([]);
  });
}

test('a Burmese visit puts its copy in place with the Burmese font already in: no reflow', async ({
  page,
}) => {
  await useLanguage(page, 'my');
  // What the fonts were at the moment the boot script showed the Burmese copy (issue #42 point 5).
  await page.addInitScript(() => {
    const seen: string[][] = [];
    (window as unknown as { fontsAtReveal: string[][] }).fontsAtReveal = seen;
    new MutationObserver(() => {
      if (document.documentElement.dataset.boot !== 'page-shown' || seen.length > 0) return;
      seen.push(
        [...document.fonts]
          .filter((font) => font.family.includes('Noto Sans Myanmar') && font.status === 'loaded')
          .filter((font) => font.unicodeRange.includes('U+1000'))
          .map((font) => font.weight)
          .sort(),
      );
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-boot'] });
  });
  await page.goto('./#/buy-esim');
  await expect(page.locator('main h1')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { fontsAtReveal: string[][] }).fontsAtReveal),
    )
    .toEqual([['400', '700']]);
});

test('the header menu collapses on a phone and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await menuButton.click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL(/#\/partners$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('footer, floating controls and scroll-to-top', async ({ page }) => {
  await openRoute(page, '/partners');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /support@esim-myanmar\.example/ })).toHaveAttribute(
    'href',
    'mailto:support@esim-myanmar.example',
  );
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('target', '_blank');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(page.getByRole('link', { name: 'Download App' })).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );

  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 600);
  });
  const toTop = page.getByRole('button', { name: 'Back to top' });
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(toTop).toBeHidden();
});

test('in the checkout only the chat floats: no music or back-to-top button over the steps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '/buy-esim');
  await expect(page.getByRole('button', { name: 'Buy Power User' })).toBeVisible();
  const chat = page.getByRole('button', { name: 'Ask AI Assistant' });
  await expect(chat).toBeVisible();
  // Scrolled down, the chat gives way on a phone (decision 067: hidden, still in the page); the
  // music and back-to-top buttons are not there at all.
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(
    page.getByRole('button', { name: 'Ask AI Assistant', includeHidden: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Play background music' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to top' })).toHaveCount(0);
  // Elsewhere both are back.
  await openRoute(page, '/partners');
  await expect(page.getByRole('button', { name: 'Play background music' })).toBeVisible();
});

test('the music player makes its loop on the first play only, with mute only while playing', async ({
  page,
}) => {
  // Recorded in the page: every media element asked to play, and every object URL made.
  await page.addInitScript(() => {
    const record = { played: [] as HTMLMediaElement[], blobs: [] as string[] };
    Object.assign(window, { music: record });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      record.played.push(this);
      return play.call(this);
    };
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob) record.blobs.push(object.type);
      return createObjectURL(object);
    };
  });
  type Music = { played: HTMLMediaElement[]; blobs: string[] };
  const music = () =>
    page.evaluate(() => {
      const { played, blobs } = (window as unknown as { music: Music }).music;
      const last = played.at(-1);
      return {
        plays: played.length,
        wavs: blobs.filter((type) => type === 'audio/wav').length,
        element: last && {
          blob: last.src.startsWith('blob:'),
          loop: last.loop,
          paused: last.paused,
          muted: last.muted,
        },
      };
    });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const loopCode = () => requests.filter((url) => /\/synth-loop[-.][^/]*\.js$/.test(url));
  const media = () => requests.filter((url) => /\.(wav|mp3|ogg|m4a|aac|webm)(\?|$)/.test(url));

  await openRoute(page, '/');
  await page.waitForLoadState('networkidle');
  expect(loopCode(), 'the loop code before the first play').toEqual([]);
  expect(await music()).toEqual({ plays: 0, wavs: 0, element: undefined });
  await expect(page.getByRole('button', { name: /(Mute|Unmute) background music/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Play background music' }).click();
  await expect(page.getByRole('button', { name: 'Pause background music' })).toBeVisible();
  expect(loopCode(), 'the loop code after the first play').toHaveLength(1);
  expect(await music()).toEqual({
    plays: 1,
    wavs: 1,
    element: { blob: true, loop: true, paused: false, muted: false },
  });

  await page.getByRole('button', { name: 'Mute background music' }).click();
  await expect(page.getByRole('button', { name: 'Unmute background music' })).toBeVisible();
  expect((await music()).element).toMatchObject({ paused: false, muted: true });

  await page.getByRole('button', { name: 'Pause background music' }).click();
  await expect(page.getByRole('button', { name: 'Play background music' })).toBeVisible();
  await expect(page.getByRole('button', { name: /(Mute|Unmute) background music/ })).toHaveCount(0);
  expect((await music()).element).toMatchObject({ paused: true });

  // Playing again reuses the loop it made and shows the mute control again, still muted.
  await page.getByRole('button', { name: 'Play background music' }).click();
  await expect(page.getByRole('button', { name: 'Unmute background music' })).toBeVisible();
  expect(await music()).toMatchObject({ plays: 2, wavs: 1, element: { paused: false } });
  expect(loopCode()).toHaveLength(1);
  expect(media(), 'no audio file is downloaded').toEqual([]);
});

test('the chat dialog opens from its button and from the open-ai-chat event, traps focus and closes on Escape', async ({
  page,
}) => {
  await openRoute(page, '/');
  const launcher = page.getByRole('button', { name: 'Ask AI Assistant' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI Assistant' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('eSIM Myanmar Support');
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-ai-chat')));
  await expect(dialog).toBeVisible();
});

test('the built page carries a Content-Security-Policy that only allows the site and the AI service', async ({
  page,
}) => {
  await page.goto('./');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain('connect-src');
  expect(policy).toContain('https://generativelanguage.googleapis.com');
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("'unsafe-eval'");
});

test('the start-up overlay shows for 500 ms, then goes', async ({ page }) => {
  await page.emulateMedia(motion);
  // Recorded in the page, so a slow test machine cannot miss the half second it is there.
  await page.addInitScript(() => {
    const overlay = { shownAt: 0, goneAt: 0 };
    Object.assign(window, { overlay });
    new MutationObserver(() => {
      const present = document.querySelector('[data-testid="loading-overlay"]') !== null;
      if (present && !overlay.shownAt) overlay.shownAt = performance.now();
      if (!present && overlay.shownAt && !overlay.goneAt) overlay.goneAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('./');
  const recorded = () =>
    page.evaluate(
      () => (window as unknown as { overlay: { shownAt: number; goneAt: number } }).overlay,
    );
  // Wait for the overlay to come and go (the app's first render may come after the load event).
  await expect.poll(async () => (await recorded()).goneAt).toBeGreaterThan(0);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  const { shownAt, goneAt } = await recorded();
  expect(shownAt).toBeGreaterThan(0);
  // The least it stays is the app's own rule; how long it stays beyond that is the machine's.
  expect(goneAt - shownAt).toBeGreaterThanOrEqual(450);
});

test('the starfield is handed to a worker only after the first paint, and the page thread never draws it', async ({
  page,
}) => {
  await page.emulateMedia(motion);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.addInitScript(() => {
    // When the first contentful paint was reported, and when the page started a worker.
    const seen = { firstPaint: -1, starfieldWorker: -1 };
    Object.assign(window, { seen });
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0];
      if (entry && seen.firstPaint < 0) seen.firstPaint = performance.now();
    }).observe({ type: 'paint', buffered: true });
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (/starfield\.worker/.test(String(url))) seen.starfieldWorker = performance.now();
      }
    };
  });
  await openRoute(page, '/');
  await expect.poll(() => workers.filter((url) => /starfield\.worker/.test(url))).toHaveLength(1);
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { firstPaint: number; starfieldWorker: number } }).seen,
  );
  expect(seen.firstPaint).toBeGreaterThan(0);
  expect(seen.starfieldWorker).toBeGreaterThan(seen.firstPaint);
  // A canvas handed over with transferControlToOffscreen gives the page no context of its own.
  const pageCanDraw = await page.evaluate(() => {
    try {
      return (
        document.querySelector<HTMLCanvasElement>('canvas.starfield')?.getContext('2d') !== null
      );
    } catch {
      return false;
    }
  });
  expect(pageCanDraw).toBe(false);
});

test('the stars show over the page background (a still sky under reduced motion)', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const starfield = page.waitForEvent('worker', {
    predicate: (worker) => /starfield\.worker/.test(worker.url()),
  });
  await openRoute(page, '/');
  await starfield;
  // Only the sky: every element hidden but the starfield canvas.
  await page.addStyleTag({
    content: '#root * { visibility: hidden; } #root canvas.starfield { visibility: visible; }',
  });
  const hidden = await page.addStyleTag({
    content: 'canvas.starfield { visibility: hidden !important; }',
  });
  const withoutStars = await page.screenshot();
  await hidden.evaluate((style) => (style as HTMLStyleElement).remove());
  // The worker draws when it gets to it: the sky differs from the bare page once it has.
  await expect.poll(async () => (await page.screenshot()).equals(withoutStars)).toBe(false);
});
