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
import burmesePurchase from '../locales/my/purchase.json' with { type: 'json' };
import { e2eGeminiEnv, e2eServers } from './support/servers';

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

    test('on a desktop is a chart whose labels fit their boxes and stay at least 12 px', async ({
      page,
    }) => {
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
        .getByRole('button', { name: t.plans.buy.replace('{{plan}}', 'Power User') })
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
