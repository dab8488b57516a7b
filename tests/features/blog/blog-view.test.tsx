import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BlogView } from '../../../src/features/blog/components/blog-view';
import type { BlogPost } from '../../../src/features/blog/lib/blog-post';
import { loadBlogPosts, type LoadPosts } from '../../../src/features/blog/lib/load-posts';
import { i18n } from '../../../src/lib/i18n/i18n';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';

const render = (ui = <BlogView />, language: Language = 'en') =>
  renderWithProviders(ui, { language, namespaces: ['blog'] });

const cards = () => screen.getAllByRole('article');

const labels: Record<Language, string[]> = {
  en: ['All', 'Travel', 'Technology', 'News', 'Tips'],
  my: ['အားလုံး', 'ခရီးသွား', 'နည်းပညာ', 'သတင်း', 'အကြံပြုချက်'],
};

describe.each<Language>(['en', 'my'])('the blog in %s', (language) => {
  it('shows the seven posts with five filters, All pressed', async () => {
    await render(<BlogView />, language);
    await waitFor(() => expect(cards()).toHaveLength(7));
    const group = screen.getByRole('group');
    const buttons = within(group).getAllByRole('button');
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
    await render();
    const card = (await screen.findAllByRole('article'))[0]!;
    const posts = await loadBlogPosts('en');
    const first = posts[0]!;
    expect(within(card).getByText('Travel')).toBeInTheDocument();
    expect(within(card).getByText(`${first.readTime} min read`)).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2, name: first.title })).toBeInTheDocument();
    expect(within(card).getByText(first.summary)).toBeInTheDocument();
    expect(first.tags.length).toBeGreaterThan(3);
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(first.tags.slice(0, 3).map((t) => `#${t}`));
    expect(within(card).getByText(`By ${first.author}`)).toBeInTheDocument();
    expect(within(card).getByText('2 October 2026')).toHaveAttribute('datetime', first.date);
  });

  it('filters by category and back to All', async () => {
    const user = userEvent.setup();
    await render();
    await waitFor(() => expect(cards()).toHaveLength(7));
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
    const withoutNews: LoadPosts = async (language) =>
      (await loadBlogPosts(language)).filter((post: BlogPost) => post.category !== 'news');
    await render(<BlogView loadPosts={withoutNews} />);
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'News' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No posts found in this category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tips' }));
    expect(cards()).toHaveLength(2);
  });

  it('shows the load error when the posts cannot be loaded, and loads again on request', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    let calls = 0;
    const flaky: LoadPosts = (language) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : loadBlogPosts(language);
    };
    await render(<BlogView loadPosts={flaky} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load blog posts. Please try again later.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(info).toHaveBeenCalledWith('Blog posts could not be loaded', expect.any(Error));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the Burmese load error', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await render(<BlogView loadPosts={() => Promise.reject(new Error('offline'))} />, 'my');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ဘလော့ဂ်ဆောင်းပါးများကို ဖွင့်၍ မရပါ။ နောက်မှ ထပ်စမ်းကြည့်ပါ။',
    );
  });

  it('opens the full article in a dialog and returns focus when it closes', async () => {
    const user = userEvent.setup();
    await render();
    const posts = await loadBlogPosts('en');
    const post = posts.find((candidate) => candidate.id === 'esim-technology-myanmar-2025')!;
    await waitFor(() => expect(cards()).toHaveLength(7));
    const opener = screen.getByRole('button', { name: `Read Full Article: ${post.title}` });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: post.title });
    expect(
      within(dialog).getByRole('heading', { level: 3, name: 'From QR code to connection' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('deleting an eSIM is irreversible')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(dialog.innerHTML).not.toContain('**');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes the article with its close button', async () => {
    const user = userEvent.setup();
    await render(<BlogView />, 'my');
    await waitFor(() => expect(cards()).toHaveLength(7));
    await user.click(screen.getAllByRole('button', { name: /ဆောင်းပါးအပြည့်အစုံ ဖတ်ရန်/ })[0]!);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'ဆောင်းပါးကို ပိတ်ရန်' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the open article when the language changes, now in the new language', async () => {
    const user = userEvent.setup();
    await render();
    await waitFor(() => expect(cards()).toHaveLength(7));
    await user.click(
      screen.getByRole('button', { name: /^Read Full Article: AI payment verification/ }),
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Google Gemini');
    await act(async () => {
      await i18n.changeLanguage('my');
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'AI ဖြင့် ငွေပေးချေမှု အတည်ပြုခြင်း - မိနစ်ပိုင်းအတွင်း eSIM ရပြီး ပြေစာကို ဖျက်ပစ်သည်',
    });
    expect(within(dialog).getByText(/ဖျက်ပစ်ပါသည်/)).toBeInTheDocument();
  });
});
