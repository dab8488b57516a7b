import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import englishCommon from '../../locales/en/common.json';
import burmeseCommon from '../../locales/my/common.json';
import { PageMeta } from '../../src/components/page-meta';
import { site } from '../../src/config/site';
import { i18n } from '../../src/lib/i18n/i18n';
import { renderWithProviders } from '../support/render';

const withBrand = (text: string) => text.replaceAll('{{brand}}', site.brandName);
const descriptions = () => [...document.head.querySelectorAll('meta[name="description"]')];
const titles = () => [...document.head.querySelectorAll('title')];

/** The tags index.html ships for fetches that run no JavaScript. */
function addShellTags() {
  const title = document.createElement('title');
  title.textContent = 'eSIM Myanmar';
  const description = document.createElement('meta');
  description.name = 'description';
  description.content = 'The English description of index.html';
  document.head.append(title, description);
}

describe('PageMeta', () => {
  beforeEach(addShellTags);
  afterEach(() => {
    for (const tag of [...titles(), ...descriptions()]) tag.remove();
  });

  it('writes the English title and description into the one tag of each', async () => {
    await renderWithProviders(<PageMeta page="about" />);
    expect(titles()).toHaveLength(1);
    expect(document.title).toBe(withBrand(englishCommon.meta.about.title));
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toHaveAttribute('content', englishCommon.meta.about.description);
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute(
      'content',
      englishCommon.meta.about.description,
    );
  });

  it('writes the Burmese texts, and follows a change of language or page in place', async () => {
    const view = await renderWithProviders(<PageMeta page="notFound" />, { language: 'my' });
    expect(document.title).toBe(withBrand(burmeseCommon.meta.notFound.title));
    expect(descriptions()[0]).toHaveAttribute('content', burmeseCommon.meta.notFound.description);

    await act(() => i18n.changeLanguage('en'));
    expect(document.title).toBe(withBrand(englishCommon.meta.notFound.title));
    expect(descriptions()[0]).toHaveAttribute('content', englishCommon.meta.notFound.description);

    view.rerender(<PageMeta page="refund" />);
    expect(titles()).toHaveLength(1);
    expect(document.title).toBe(withBrand(englishCommon.meta.refund.title));
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toHaveAttribute('content', englishCommon.meta.refund.description);
  });

  it('adds the description tag when the page has none', async () => {
    for (const tag of descriptions()) tag.remove();
    await renderWithProviders(<PageMeta page="blog" />);
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toHaveAttribute('content', englishCommon.meta.blog.description);
  });
});
