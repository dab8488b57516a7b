import { axeViolations, expect, openRoute, test } from './support/fixtures';
import { e2eServers } from './support/servers';

/**
 * The journeys' accessibility scanner finds what it should (decision 106): axe runs in the page
 * itself, injected once per document, and refuses a page with frames (the shop has none) rather
 * than scan part of it. A scanner that silently found nothing would pass every axe journey.
 */
const origin = e2eServers.gemini.url.replace(/\/$/, '');

/** Four faults WCAG 2.2 AA names: no text for an image, an unnamed button, faint text, a tiny target. */
const faults = `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button type="button"></button>
<p style="color:#aaa;background:#fff">Faint text on white</p>
<div><button type="button" aria-label="One" style="width:10px;height:10px;min-width:0;min-height:0;padding:0;margin:0"></button><button type="button" aria-label="Two" style="width:10px;height:10px;min-width:0;min-height:0;padding:0;margin:0"></button></div>`;

test('axe reports the faults of a shop page, also after a route change in the same document', async ({
  page,
}) => {
  await openRoute(page, '/about');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate((html) => {
    const faulty = document.createElement('section');
    faulty.id = 'faults';
    faulty.innerHTML = html;
    document.querySelector('main')!.append(faulty);
  }, faults);
  const ids = (await axeViolations(page)).map((violation) => violation.id).sort();
  expect(ids).toEqual(['button-name', 'color-contrast', 'image-alt', 'target-size']);

  // The same document after a route change: axe is already there and reads the new page.
  await page.locator('#faults').evaluate((faulty) => faulty.remove());
  await page.goto('./#/contact');
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')!.append(image);
  });
  expect((await axeViolations(page)).map((violation) => violation.id)).toEqual(['image-alt']);
});

test('a page with a frame is refused, not scanned in part', async ({ page }) => {
  await page.route(`${origin}/__axe-outer.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Outer</title></head><body><main><h1>Outer</h1>
<iframe title="Inner" src="/__axe-inner.html"></iframe></main></body></html>`,
    }),
  );
  await page.route(`${origin}/__axe-inner.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Inner</title></head><body><main>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`,
    }),
  );
  await page.goto(`${origin}/__axe-outer.html`);
  await expect(page.frameLocator('iframe').locator('img')).toHaveCount(1);
  await expect(axeViolations(page)).rejects.toThrow(/scans one frame and .* has 2/);
});
