import type { Page } from '@playwright/test';
import {
  commonTexts,
  expect,
  type Language,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';
import englishPurchase from '../locales/en/purchase.json' with { type: 'json' };
import burmesePurchaseRaw from '../locales/my/purchase.json' with { type: 'json' };
import { e2eGeminiEnv, e2eServers } from './support/servers';
import { shownBundle } from './support/burmese';

const burmesePurchase = shownBundle(burmesePurchaseRaw);

const purchaseTexts: Record<Language, typeof englishPurchase> = {
  en: englishPurchase,
  my: burmesePurchase,
};

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Every text box of the flowchart (chart node labels or list items), measured. */
async function flowchartBoxes(page: Page) {
  return page.locator('section.flowchart').evaluate((section) => {
    const list = [...section.querySelectorAll<HTMLElement>('.flowchart__steps > li')];
    const svg = section.querySelector('svg');
    const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    const labels = [...section.querySelectorAll<HTMLElement>('.flowchart__diagram .label div')];
    return [...list, ...labels].map((box) => ({
      text: box.textContent?.trim() ?? '',
      overflow: box.scrollWidth - box.clientWidth,
      fontPx: parseFloat(getComputedStyle(box).fontSize) * (list.includes(box) ? 1 : scale),
    }));
  });
}

for (const language of ['en', 'my'] as const satisfies Language[]) {
  test.describe(`the /about flowchart in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('at 390 px is a list of the steps whose text fits and stays at least 12 px', async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await openRoute(page, '/about');
      await expect(page.locator('.flowchart__steps > li')).toHaveCount(8);
      const boxes = await flowchartBoxes(page);
      expect(boxes).toHaveLength(8);
      for (const box of boxes) {
        expect(box.overflow, box.text).toBeLessThanOrEqual(0);
        expect(box.fontPx, box.text).toBeGreaterThanOrEqual(12);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
    });

    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      test(`on a desktop is a chart whose labels fit their boxes and stay at least 12 px (motion: ${reducedMotion})`, async ({
        page,
      }) => {
        // With reduced motion a global rule once gave every element a 0.01 ms transition, and
        // mermaid measured stale styles: a chart 6.6 times too large, shrunk to specks.
        await page.emulateMedia({ reducedMotion });
        await page.setViewportSize(desktop);
        await openRoute(page, '/about');
        await expect(page.locator('.flowchart__diagram svg')).toBeVisible({ timeout: 20_000 });
        const boxes = await flowchartBoxes(page);
        expect(boxes.length).toBeGreaterThanOrEqual(10);
        for (const box of boxes) {
          expect(box.overflow, box.text).toBeLessThanOrEqual(1);
          expect(box.fontPx, box.text).toBeGreaterThanOrEqual(12);
        }
      });
    }
  });
}

test('the header toggle draws "မြန်မာ" with its own little font, loaded with the page', async ({
  page,
}) => {
  await openRoute(page, '/');
  const toggle = page.getByRole('button', { name: /Switch the language to Burmese/ });
  await expect(toggle).toContainText('မြန်မာ');
  const label = toggle.locator('[lang="my"]');
  expect(await label.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"?Myanmar Toggle Label"?,/,
  );
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.replace(/"/g, '') === 'Myanmar Toggle Label')
          .map((face) => face.status);
      }),
    )
    .toEqual(['loaded']);
  // Its glyphs come from that font, not from whatever Myanmar font the system may have.
  expect(
    await page.evaluate(() => document.fonts.check('700 16px "Myanmar Toggle Label"', 'မြန်မာ')),
  ).toBe(true);
});

/** The boxes of the floating buttons (music, back to top, chat) that are on screen. */
async function floatingBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.music-player, .scroll-top, .chat-fab')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map(({ left, top, right, bottom }) => ({ left, top, right, bottom })),
  );
}

/**
 * Brings each target into view as keyboard focus would (its bottom edge to the bottom of the
 * screen: the worst case for buttons floating at the bottom) and returns those a floating
 * button then covers. The last check is with the page scrolled to its very end.
 */
async function coveredTargets(page: Page, selector: string) {
  const count = await page.locator(selector).count();
  const covered: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const target = page.locator(selector).nth(index);
    if (!(await target.isVisible())) continue;
    await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    // The back-to-top button appears once the page is scrolled.
    await page.waitForTimeout(50);
    const box = await target.boundingBox();
    if (!box) continue;
    for (const fab of await floatingBoxes(page)) {
      const overlaps =
        box.x < fab.right &&
        box.x + box.width > fab.left &&
        box.y < fab.bottom &&
        box.y + box.height > fab.top;
      if (overlaps) covered.push((await target.innerText()).slice(0, 40) || selector);
    }
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(50);
  for (let index = 0; index < count; index += 1) {
    const box = await page.locator(selector).nth(index).boundingBox();
    if (!box || box.y > phone.height || box.y + box.height < 0) continue;
    for (const fab of await floatingBoxes(page)) {
      if (
        box.x < fab.right &&
        box.x + box.width > fab.left &&
        box.y < fab.bottom &&
        box.y + box.height > fab.top
      )
        covered.push(
          `at the end: ${(await page.locator(selector).nth(index).innerText()).slice(0, 40)}`,
        );
    }
  }
  return covered;
}

test.describe('floating buttons at 390 × 844', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(phone));

  test('cover no card, button or link on the home page', async ({ page }) => {
    await openRoute(page, '/');
    expect(await coveredTargets(page, 'main a, main button, main .card, main h2')).toEqual([]);
  });

  test("cover nothing on /buy-esim's plan list", async ({ page }) => {
    await openRoute(page, '/buy-esim');
    expect(
      await coveredTargets(
        page,
        '.purchase-plan, .purchase-plan__recommended, .purchase-plan__buy, .purchase-plan__not-on-sale, .buyer-facts li',
      ),
    ).toEqual([]);
  });

  // Issue #15: on every step of the checkout, in both languages, only the chat button floats,
  // and it covers no control or card, wherever the buyer scrolls.
  for (const language of ['en', 'my'] as const satisfies Language[]) {
    test(`cover nothing on the checkout's steps in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      await page.route(e2eGeminiEnv.VITE_ORDER_WEBHOOK_URL!, (route) =>
        route.fulfill({ status: 204 }),
      );
      const t = purchaseTexts[language];
      const controls = 'main button, main a, main input, main label, main .card, main img';
      await openRoute(page, '/buy-esim');
      await page
        .getByRole('button', { name: t.plans.buy.replace('{{plan}}', t.plans.names['power-30']) })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: t.operators.heading })).toBeVisible();
      expect(await coveredTargets(page, controls), 'operator step').toEqual([]);
      await page.getByRole('button', { name: 'MPT' }).click();
      await expect(page.getByLabel(t.contact.label)).toBeVisible();
      expect(await coveredTargets(page, controls), 'contact step').toEqual([]);
      await page.getByLabel(t.contact.label).fill('buyer@example.com');
      await page.getByRole('button', { name: t.contact.continue }).click();
      await expect(page.getByRole('heading', { name: t.payment.heading })).toBeVisible();
      expect(await coveredTargets(page, controls), 'payment step').toEqual([]);
    });
  }

  test('cover no link of the footer', async ({ page }) => {
    await openRoute(page, '/');
    expect(await coveredTargets(page, 'footer a, footer p, footer button')).toEqual([]);
  });
});

test('the install guide never skips a heading level', async ({ page }) => {
  await openRoute(page, '/how-it-works');
  const levels = await page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
        Number(heading.tagName[1]),
      ),
    );
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index]! + 1));
});

test('no two landmarks of one kind share a name on /developers', async ({ page }) => {
  await openRoute(page, '/developers');
  const named = await page.evaluate(() => {
    const landmarks = document.querySelectorAll<HTMLElement>(
      'section[aria-labelledby], section[aria-label], [role="region"], nav, aside, form[aria-label], form[aria-labelledby]',
    );
    return [...landmarks].map((element) => {
      const role =
        element.getAttribute('role') ??
        (element.tagName === 'SECTION' ? 'region' : element.tagName);
      const labelledBy = element.getAttribute('aria-labelledby');
      const name = labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : (element.getAttribute('aria-label') ?? '');
      return `${role}: ${name.trim()}`;
    });
  });
  expect(named.length).toBeGreaterThan(3);
  expect(named.filter((entry, index) => named.indexOf(entry) !== index)).toEqual([]);
});

test('after a mouse click the next step heading shows no large focus ring', async ({ page }) => {
  await openRoute(page, '/buy-esim');
  await page.getByRole('button', { name: 'Buy Power User' }).click();
  const heading = page.locator('.purchase-step__heading');
  await expect(heading).toBeFocused();
  const outline = await heading.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style === 'none' || outline.width === 0).toBe(true);
});

test('the hero subtitle is never an empty block while the title types', async ({ page }) => {
  await page.goto('./#/');
  const subtitle = page.locator('.hero__subtitle');
  await expect(subtitle).toBeVisible();
  // While the title is still typing, the subtitle's reserved text is already drawn.
  const shown = await subtitle.evaluate((element) => {
    const ghost = element.querySelector<HTMLElement>('.typed__ghost');
    if (!ghost) return { visible: true, opacity: 1, text: element.textContent ?? '' };
    const style = getComputedStyle(ghost);
    return {
      visible: style.visibility === 'visible',
      opacity: Number(style.opacity),
      text: ghost.textContent ?? '',
    };
  });
  expect(shown.visible).toBe(true);
  expect(shown.opacity).toBeGreaterThan(0.2);
  expect(shown.text.length).toBeGreaterThan(20);
});

test.describe('the demo banner', () => {
  test.use({ baseURL: e2eServers.demo.url });

  for (const language of ['en', 'my'] as const satisfies Language[]) {
    test(`is one line on a phone, a named landmark, with its details on request (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await useLanguage(page, language);
      await openRoute(page, '/');
      const { label, more, banner: details } = commonTexts[language].demo;
      const banner = page.getByRole('complementary', { name: label });
      await expect(banner).toBeVisible();
      expect(
        await banner.evaluate((element) => element.closest('main, header, footer')),
      ).toBeNull();
      const box = await banner.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(44);
      await expect(banner).not.toContainText('VITE_');
      await expect(banner.getByText(details)).toBeHidden();
      await banner.getByText(more).click();
      await expect(banner.getByText(details)).toBeVisible();
    });
  }
});

/** Waits until the page has stopped scrolling (a wheel scrolls over a few frames). */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
}

/**
 * Paragraphs, list items, buttons, links and cards on screen that a shown floating button covers
 * (boxes clipped to the screen; a button slid away or hidden covers nothing).
 */
async function coveredInView(page: Page) {
  return page.evaluate(() => {
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const clip = (box: DOMRect) => ({
      left: Math.max(box.left, screen.left),
      top: Math.max(box.top, screen.top),
      right: Math.min(box.right, screen.right),
      bottom: Math.min(box.bottom, screen.bottom),
    });
    type Box = ReturnType<typeof clip>;
    const meets = (a: Box, b: Box) =>
      a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    const shown = [
      ...document.querySelectorAll<HTMLElement>('.music-player, .scroll-top, .chat-fab'),
    ]
      .filter((element) => getComputedStyle(element).visibility === 'visible')
      .map((element) => clip(element.getBoundingClientRect()))
      .filter((box) => box.right > box.left && box.bottom > box.top);
    const targets = document.querySelectorAll<HTMLElement>(
      'main p, main li, main button, main a, main .card, main h2, main h3, footer p, footer a',
    );
    const covered: string[] = [];
    for (const target of targets) {
      const box = clip(target.getBoundingClientRect());
      if (box.right <= box.left || box.bottom <= box.top) continue;
      if (shown.some((fab) => meets(box, fab)))
        covered.push((target.innerText || target.className).slice(0, 40));
    }
    return covered;
  });
}

// Issue #15, item 9 and the s21 review: on a phone the floating buttons slide out of the way
// while the visitor scrolls down to read, and come back on a scroll up (decision 067).
for (const language of ['en', 'my'] as const satisfies Language[]) {
  test(`on a phone the floating buttons give way while the visitor reads down, and come back up (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await useLanguage(page, language);
    const chat = page.locator('.chat-fab');
    for (const path of ['/privacy-policy', '/buy-esim']) {
      await openRoute(page, path);
      await expect(chat).toBeVisible();
      await page.mouse.move(phone.width / 2, phone.height / 2);
      for (const step of [500, 500, 700]) {
        await page.mouse.wheel(0, step);
        await scrollSettled(page);
        await expect(chat).toBeHidden();
        expect(await coveredInView(page), `${path} after a scroll down`).toEqual([]);
      }
      await expect(chat).toHaveAttribute('inert');
      await page.mouse.wheel(0, -200);
      await scrollSettled(page);
      await expect(chat).toBeVisible();
      await expect(chat).not.toHaveAttribute('inert');
      await expect
        .poll(async () => (await chat.boundingBox())!.y + 56, { message: path })
        .toBeLessThanOrEqual(phone.height);
    }
  });
}

test('with reduced motion the floating buttons go without sliding', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize(phone);
  await openRoute(page, '/privacy-policy');
  await page.mouse.move(phone.width / 2, phone.height / 2);
  await page.mouse.wheel(0, 600);
  const chat = page.locator('.chat-fab');
  await expect(chat).toHaveClass(/floating--away/);
  // Hidden at once, with no transition running.
  expect(
    await chat.evaluate((element) => ({
      visibility: getComputedStyle(element).visibility,
      running: element.getAnimations().length,
    })),
  ).toEqual({ visibility: 'hidden', running: 0 });
});

test('on a desktop the floating buttons stay while the visitor scrolls down', async ({ page }) => {
  await page.setViewportSize(desktop);
  await openRoute(page, '/privacy-policy');
  await page.mouse.move(desktop.width / 2, desktop.height / 2);
  await page.mouse.wheel(0, 900);
  await scrollSettled(page);
  await page.waitForTimeout(300);
  await expect(page.locator('.chat-fab')).toBeVisible();
  await expect(page.locator('.music-player')).toBeVisible();
  await expect(page.locator('.scroll-top')).toBeVisible();
});

// The s21 review: at 1280 px the English header wrapped "Download App" to a second row (92 px).
for (const language of ['en', 'my'] as const satisfies Language[]) {
  test(`the header is one row of links at 1240 (its menu breakpoint + 1), 1280 and 1600 px (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    for (const width of [1240, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await openRoute(page, '/');
      await page.evaluate(() => document.fonts.ready);
      const header = page.locator('.site-header');
      await expect(
        page.getByRole('button', { name: commonTexts[language].nav.openMenu }),
      ).toBeHidden();
      await expect(
        header.getByRole('link', { name: commonTexts[language].nav.contact }),
      ).toBeVisible();
      expect((await header.boundingBox())!.height, `${width} px`).toBeLessThanOrEqual(65);
      const rows = await header
        .locator('.site-nav__link')
        .evaluateAll(
          (links) => new Set(links.map((link) => link.getBoundingClientRect().top)).size,
        );
      expect(rows, `${width} px`).toBe(1);
    }
  });
}

// The s21 review: a sliver of the chat button showed past the corner of a dialog at the bottom
// right. While a modal dialog is open the floating buttons are hidden.
test('no floating button shows beside an open dialog on a desktop', async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.route(e2eGeminiEnv.VITE_ORDER_WEBHOOK_URL!, (route) => route.fulfill({ status: 204 }));
  const t = purchaseTexts.en;
  await openRoute(page, '/buy-esim');
  await page
    .getByRole('button', { name: t.plans.buy.replace('{{plan}}', t.plans.names['power-30']) })
    .first()
    .click();
  await page.getByRole('button', { name: 'MPT' }).click();
  await page.getByLabel(t.contact.label).fill('buyer@example.com');
  await page.getByRole('button', { name: t.contact.continue }).click();
  await expect(page.getByRole('heading', { name: t.payment.heading })).toBeVisible();
  const chat = page.locator('.chat-fab');
  await expect(chat).toBeVisible();
  await page.getByRole('button', { name: t.change.cancel }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(chat).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chat).toBeVisible();
});
