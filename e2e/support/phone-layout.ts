import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Layout checks of a phone screen (issue #44): what runs past the screen's right edge, and which
 * controls a floating button lies over.
 */

/**
 * Elements whose box passes the screen's left or right edge (hidden ones aside), elements of the
 * main content that stick out of the box they are in (a button past its card's edge), and whether
 * the page scrolls sideways (`scrollWidth` over `clientWidth`). Empty when the page fits.
 */
export function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('.visually-hidden, [hidden], dialog:not([open])')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // An element out of sight on purpose (a skip link, a slid-away button) is not content.
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      if (box.right > width + 0.5 || box.left < -0.5) {
        found.push(`${name} ${Math.round(box.left)}–${Math.round(box.right)}`);
        continue;
      }
      // In the flow of the main content, a box wider than its parent's is overflow (a box
      // placed on purpose, a sticky bar drawn to its card's edges, or inside a box that scrolls
      // or clips, is not).
      let parent = element.parentElement;
      while (parent && getComputedStyle(parent).display === 'contents') {
        parent = parent.parentElement;
      }
      if (!parent || !element.closest('main')) continue;
      if (style.position === 'absolute' || style.position === 'sticky') continue;
      let clipped = false;
      for (let up: HTMLElement | null = parent; up && !clipped; up = up.parentElement) {
        clipped = getComputedStyle(up).overflowX !== 'visible';
      }
      if (clipped) continue;
      const outer = parent.getBoundingClientRect();
      if (box.right > outer.right + 0.5 || box.left < outer.left - 0.5) {
        found.push(
          `${name} ${Math.round(box.left)}–${Math.round(box.right)} sticks out of ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')} ${Math.round(outer.left)}–${Math.round(outer.right)}`,
        );
      }
    }
    return found;
  });
}

/**
 * The buttons, links and fields on screen that a shown floating button (music, back to top, chat)
 * lies over, by box intersection, each named by its text; and the elements matching `texts`
 * (labels and values a page must keep readable, e.g. the staff's request facts).
 */
export function controlsUnderFloating(page: Page, texts?: string) {
  return page.evaluate((texts) => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const meets = (a: Box, b: Box) =>
      a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    const floating = [...document.querySelectorAll<HTMLElement>('[data-floating]')]
      .filter((element) => getComputedStyle(element).visibility === 'visible')
      .flatMap((element) => [...element.querySelectorAll<HTMLElement>('button, a'), element])
      .filter((element) => element.matches('button, a'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.bottom > 0 && box.top < innerHeight);
    const covered: string[] = [];
    const controls = `a[href], button, input:not([type="hidden"]), select, textarea, label[for]${texts ? `, ${texts}` : ''}`;
    for (const target of document.querySelectorAll<HTMLElement>(controls)) {
      if (target.closest('[data-floating], .visually-hidden')) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden') continue;
      const under = floating.find((fab) => meets(box, fab.box));
      if (under) {
        const name = (target.innerText || target.getAttribute('aria-label') || target.tagName)
          .trim()
          .slice(0, 40);
        covered.push(`${name} under ${under.element.className.split(' ')[0]}`);
      }
    }
    return covered;
  }, texts);
}

/** A 360×740 Android phone (Pixel 8, Chrome), the smallest screen the journeys walk. */
export const androidPhone = {
  viewport: { width: 360, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

/** A new browser context that is that phone (touch, mobile), on `baseURL`, service worker blocked. */
export function androidContext(browser: Browser, baseURL: string) {
  return browser.newContext({
    ...androidPhone,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    baseURL,
  });
}

/**
 * At the top, every 250 px down to the end, three steps back up and at the end: no floating button
 * over a control (or over `texts`, see {@link controlsUnderFloating}); and the buttons are there at
 * the end of the page, so the check is not passed by their absence.
 */
export async function expectNothingCovered(page: Page, where: string, texts?: string) {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width / 2, height / 3);
  await page.evaluate(() => window.scrollTo(0, 0));
  const check = (position: string) =>
    expect
      .poll(() => controlsUnderFloating(page, texts), { message: `${where}, ${position}` })
      .toEqual([]);
  await check('at the top');
  const end = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 250; y < end; y += 250) {
    await page.mouse.wheel(0, 250);
    await check(`down to ${y}`);
  }
  for (let step = 1; step <= 3; step += 1) {
    await page.mouse.wheel(0, -200);
    await check(`back up, step ${step}`);
  }
  // Scrolled again while the page still grows: a late image or font moves its end.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.locator('.chat-fab').isVisible();
      },
      { message: `${where}: the chat button at the end` },
    )
    .toBe(true);
  await check('at the end');
}
