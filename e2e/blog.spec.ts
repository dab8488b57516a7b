import {
  axeViewports,
  axeViolations,
  expect,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';

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

test('a failed load of the posts shows the error message', async ({ page }) => {
  // The posts chunk arrives but is not a list of posts (a corrupt or mismatched deployment).
  await page.route(/\/assets\/posts-en-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'export default 42;' }),
  );
  await page.goto('./#/blog');
  await expect(page.getByRole('alert')).toHaveText(
    /Could not load blog posts\. Please try again later\./,
  );
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
});

for (const language of ['en', 'my'] as const) {
  for (const viewport of axeViewports) {
    test(`axe finds no violation on the blog in ${language} (${viewport.name})`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      await page.setViewportSize(viewport);
      await openRoute(page, '/blog');
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

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
