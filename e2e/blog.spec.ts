import { axeViolations, expect, openRoute, test, useLanguage } from './support/fixtures';

test('the blog filters posts by category', async ({ page }) => {
  await openRoute(page, '/blog');
  const posts = page.getByRole('main').getByRole('article');
  await expect(posts).toHaveCount(7);
  const filters = page.getByRole('group', { name: 'Filter posts by category' });
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  for (const [label, count] of [
    ['Travel', 2],
    ['Technology', 2],
    ['News', 1],
    ['Tips', 2],
    ['All', 7],
  ] as const) {
    await filters.getByRole('button', { name: label }).click();
    await expect(filters.getByRole('button', { name: label })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(posts).toHaveCount(count);
  }
  await filters.getByRole('button', { name: 'News' }).click();
  await expect(posts.first()).toContainText('News');
  await expect(posts.first().getByRole('listitem')).toHaveCount(3);
});

test('the grid has 3 columns on a wide screen, 2 on a tablet and 1 on a phone', async ({
  page,
}) => {
  await openRoute(page, '/blog');
  const columns = () =>
    page
      .locator('.blog__grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  await expect.poll(columns).toBe(3);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(columns).toBe(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(columns).toBe(1);
});

test('Read Full Article opens the whole post in a dialog', async ({ page }) => {
  await openRoute(page, '/blog');
  const opener = page.getByRole('button', {
    name: /Read Full Article: eSIM technology in Myanmar/,
  });
  await opener.click();
  const dialog = page.getByRole('dialog', {
    name: 'eSIM technology in Myanmar: where it stands in 2025',
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(dialog).toContainText('deleting an eSIM is irreversible');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Stay Updated validates the address and says subscriptions are not open yet', async ({
  page,
}) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posted.push(request.url());
  });
  await openRoute(page, '/blog');
  const box = page.getByRole('region', { name: 'Stay Updated' });
  await box.getByLabel('Email address').fill('not-an-email');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box).toContainText('Please enter a valid email address.');
  await box.getByLabel('Email address').fill('traveller@example.com');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toContainText('Email subscriptions are not open yet');
  expect(posted).toEqual([]);
});

/** The English articles' chunk, under its first URL or a retry's (decision 063). */
const englishArticles = /\/assets\/bodies-en-[\w-]+\.js(\?.*)?$/;

test('the pre-rendered copy shows the seven posts before the app has started', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('./#/blog');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'page-shown');
  const posts = page.getByRole('main').getByRole('article');
  await expect(posts).toHaveCount(7);
  await expect(posts.first().getByRole('heading', { level: 2 })).toHaveText(
    'Arriving in Myanmar: activate your eSIM in five minutes',
  );
  await expect(page.getByRole('main')).not.toContainText('Loading');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-started', '');
  await expect(posts).toHaveCount(7);
});

test('the list does not wait for the articles; one opened before they come loads, then shows', async ({
  page,
}) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(englishArticles, async (route) => {
    await released;
    await route.continue();
  });
  await openRoute(page, '/blog');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
  await page.getByRole('button', { name: /Read Full Article: eSIM technology in Myanmar/ }).click();
  const dialog = page.getByRole('dialog', {
    name: 'eSIM technology in Myanmar: where it stands in 2025',
  });
  await expect(dialog.getByRole('status')).toHaveText('Loading the article…');
  await expect(dialog).toContainText('What an eSIM actually is');
  release();
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('an article that cannot be loaded says so, and Try again loads it', async ({
  page,
  consoleErrors,
}) => {
  // The articles' chunk does not come (a dropped connection), in the background and on opening.
  await page.route(englishArticles, (route) => route.abort('internetdisconnected'));
  await openRoute(page, '/blog');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
  await page.getByRole('button', { name: /Read Full Article: eSIM technology in Myanmar/ }).click();
  const dialog = page.getByRole('dialog', {
    name: 'eSIM technology in Myanmar: where it stands in 2025',
  });
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(
    /This article could not be loaded\. Check your connection and try again\./,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute(englishArticles);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog).toContainText('deleting an eSIM is irreversible');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // Chromium logs each cut request; they are this test's doing, anything else is not.
  const cut = consoleErrors.filter((line) => line.includes('net::ERR_INTERNET_DISCONNECTED'));
  expect(cut.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((l) => !cut.includes(l)));
});

// axe reads the blog, its posts shown, in both languages and viewports in shell.spec.ts.

test('the Burmese blog shows Burmese posts and filters', async ({ page }) => {
  await useLanguage(page, 'my');
  await openRoute(page, '/blog');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
  await page.getByRole('button', { name: 'ခရီးသွား', exact: true }).click();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(
    /[\u1000-\u109F]/,
  );
});
