import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/blog.json';
import my from '../../../locales/my/blog.json';
import { BlogView } from '../../../src/features/blog/components/blog-view';
import { postList } from '../../../src/features/blog/lib/post-list';
import { postMeta } from '../../../src/features/blog/posts/post-meta';
import { i18n } from '../../../src/lib/i18n/i18n';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';
import { heldArticles } from './support';

const render = (ui = <BlogView />, language: Language = 'en') =>
  renderWithProviders(ui, { language, namespaces: ['blog'] });

const cards = () => screen.getAllByRole('article');
const titles = () =>
  cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

const labels: Record<Language, string[]> = {
  en: ['All', 'Travel', 'Technology', 'News', 'Tips'],
  my: ['အားလုံး', 'ခရီးသွား', 'နည်းပညာ', 'သတင်း', 'အကြံပြုချက်'],
};
const firstTitle: Record<Language, string> = {
  en: 'Arriving in Myanmar: activate your eSIM in five minutes',
  my: 'မြန်မာနိုင်ငံ ရောက်ရှိချိန် - eSIM ကို ၅ မိနစ်အတွင်း အသက်သွင်းနည်း',
};
const englishPosts = postList(postMeta, en.posts);
const burmesePosts = postList(postMeta, my.posts);

describe.each<Language>(['en', 'my'])('the blog in %s', (language) => {
  it('shows the seven posts in its first render, while the articles are still loading', async () => {
    // The articles never come here: nothing of the list may wait for them.
    const articles = heldArticles();
    await render(<BlogView loadBodies={articles.load} />, language);
    expect(titles()).toEqual(
      (language === 'en' ? englishPosts : burmesePosts).map((post) => post.title),
    );
    expect(titles()[0]).toBe(firstTitle[language]);
    // The only news is the count: no loading state (Stay Updated's status box is empty).
    const said = screen.getAllByRole('status').map((status) => status.textContent);
    expect(said.filter(Boolean)).toEqual([
      language === 'en' ? 'Posts shown: 7' : 'ပြသထားသော ဆောင်းပါး - ၇',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The articles of that language started loading once the cards were there.
    expect(articles.calls.map(({ language: asked, cardsOnPage }) => [asked, cardsOnPage])).toEqual([
      [language, 7],
    ]);
  });

  it('has five filters, All pressed', async () => {
    await render(<BlogView loadBodies={heldArticles().load} />, language);
    const buttons = within(screen.getByRole('group')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(labels[language]);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
  });
});

describe('blog cards and filters', () => {
  it('shows badge, read time, title, summary, at most three tags, author and date', async () => {
    await render(<BlogView loadBodies={heldArticles().load} />);
    const card = cards()[0]!;
    const first = englishPosts[0]!;
    expect(within(card).getByText('Travel')).toBeInTheDocument();
    expect(within(card).getByText('8 min read')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2, name: first.title })).toBeInTheDocument();
    expect(within(card).getByText(first.summary)).toBeInTheDocument();
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['#Activation', '#Tourists', '#Airport']);
    expect(within(card).getByText('By Thiri Aung')).toBeInTheDocument();
    expect(within(card).getByText('2 October 2026')).toHaveAttribute('datetime', '2026-10-02');
  });

  it('shows Burmese tags and byline on a Burmese card', async () => {
    await render(<BlogView loadBodies={heldArticles().load} />, 'my');
    const card = cards()[0]!;
    const tags = within(within(card).getByRole('list', { name: 'တက်ဂ်များ' })).getAllByRole(
      'listitem',
    );
    expect(tags.map((tag) => tag.textContent)).toEqual(['#အသက်သွင်းခြင်း', '#ခရီးသွားများ', '#လေဆိပ်']);
    expect(within(card).getByText('ရေးသားသူ - သီရိအောင်')).toBeInTheDocument();
  });

  it('filters by category and back to All', async () => {
    const user = userEvent.setup();
    await render(<BlogView loadBodies={heldArticles().load} />);
    for (const [label, count] of [
      ['Travel', 2],
      ['Technology', 2],
      ['News', 1],
      ['Tips', 2],
      ['All', 7],
    ] as const) {
      await user.click(screen.getByRole('button', { name: label }));
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      expect(cards()).toHaveLength(count);
      expect(screen.getByText(`Posts shown: ${count}`)).toBeInTheDocument();
    }
  });

  it('says so when a category has no post', async () => {
    const user = userEvent.setup();
    const withoutNews = postMeta.filter((post) => post.category !== 'news');
    await render(<BlogView meta={withoutNews} loadBodies={heldArticles().load} />);
    expect(cards()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'News' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No posts found in this category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tips' }));
    expect(cards()).toHaveLength(2);
  });

  it('shows the other language’s list at once when the language changes, and loads its articles', async () => {
    const articles = heldArticles();
    await render(<BlogView loadBodies={articles.load} />);
    expect(titles()[0]).toBe(firstTitle.en);
    await act(async () => {
      await i18n.changeLanguage('my');
    });
    expect(titles()).toEqual(burmesePosts.map((post) => post.title));
    expect(screen.getByRole('button', { name: 'ခရီးသွား' })).toBeInTheDocument();
    expect(articles.calls.map((call) => call.language)).toEqual(['en', 'my']);
  });
});
