import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BlogView } from '../../../src/features/blog/components/blog-view';
import { loadArticleBodies } from '../../../src/features/blog/lib/article-bodies';
import { postMeta } from '../../../src/features/blog/posts/post-meta';
import { i18n } from '../../../src/lib/i18n/i18n';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';
import { heldArticles } from './support';

const title = 'eSIM technology in Myanmar: where it stands in 2025';
const section = 'From QR code to connection';

const render = (ui: ReactElement, language: Language = 'en') =>
  renderWithProviders(ui, { language, namespaces: ['blog'] });

/** Settles a held load, and lets React draw what follows. */
const settle = (step: () => void) =>
  act(async () => {
    step();
    await Promise.resolve();
  });

const openArticle = (user: ReturnType<typeof userEvent.setup>, name = title) =>
  user.click(screen.getByRole('button', { name: `Read Full Article: ${name}` }));

const cardsCount = () => screen.getAllByRole('article').length;

/** Every post's article, each the same text. */
const bodiesWith = (text: string) => Object.fromEntries(postMeta.map(({ id }) => [id, text]));

describe('the open article', () => {
  it('shows at once when the articles have arrived, and gives focus back when it closes', async () => {
    const user = userEvent.setup();
    const english = loadArticleBodies('en');
    await render(<BlogView loadBodies={() => english} />);
    await act(async () => {
      await english;
    });
    const opener = screen.getByRole('button', { name: `Read Full Article: ${title}` });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(within(dialog).getByRole('heading', { level: 3, name: section })).toBeInTheDocument();
    expect(within(dialog).getByText('deleting an eSIM is irreversible')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('**');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('opened before the articles have arrived: its heading and summary, loading, then the article', async () => {
    const user = userEvent.setup();
    const articles = heldArticles();
    await render(<BlogView loadBodies={articles.load} />);
    await openArticle(user);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(within(dialog).getByText(/^What an eSIM actually is/)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the article…');
    expect(within(dialog).getByRole('region')).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    // Opening asks for nothing more: the background load is the one it waits for.
    expect(articles.calls).toHaveLength(1);

    await settle(() => articles.calls[0]!.resolve(bodiesWith('Our new article text.')));
    expect(within(dialog).getByText('Our new article text.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region')).toHaveAttribute('aria-busy', 'false');
  });

  it('says when the article cannot be loaded, and Try again loads it', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const articles = heldArticles();
    await render(<BlogView loadBodies={articles.load} />);
    // The background load fails; nobody notices until a post is opened, which tries again.
    await settle(() => articles.calls[0]!.reject(new Error('offline')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(cardsCount()).toBe(7);
    await openArticle(user);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(articles.calls).toHaveLength(2);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the article…');

    await settle(() => articles.calls[1]!.reject(new Error('still offline')));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(
      'This article could not be loaded. Check your connection and try again.',
    );
    expect(info).toHaveBeenCalledWith('Blog articles could not be loaded', expect.any(Error));
    // The list stays as it was behind the dialog.
    expect(cardsCount()).toBe(7);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(articles.calls).toHaveLength(3);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the article…');
    expect(within(dialog).getByRole('region')).toHaveFocus();
    await settle(() => articles.calls[2]!.resolve(bodiesWith('Back online.')));
    expect(within(dialog).getByText('Back online.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in Burmese: loading, the error, Try again and the close button', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const articles = heldArticles();
    await render(<BlogView loadBodies={articles.load} />, 'my');
    await user.click(screen.getAllByRole('button', { name: /ဆောင်းပါးအပြည့်အစုံ ဖတ်ရန်/ })[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('ဆောင်းပါး ဖွင့်နေပါသည်…');
    await settle(() => articles.calls[0]!.reject(new Error('offline')));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'ဤဆောင်းပါးကို ဖွင့်၍ မရပါ။ အင်တာနက် ချိတ်ဆက်မှုကို စစ်ဆေးပြီး ထပ်ကြိုးစားပါ။',
    );
    expect(within(dialog).getByRole('button', { name: 'ထပ်ကြိုးစားရန်' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ဆောင်းပါးကို ပိတ်ရန်' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('follows a change of language, in the new language’s words', async () => {
    const user = userEvent.setup();
    const asked: Language[] = [];
    await render(
      <BlogView
        loadBodies={(language) => {
          asked.push(language);
          return loadArticleBodies(language);
        }}
      />,
    );
    await openArticle(user, 'AI payment verification: checked in seconds, your receipt deleted');
    expect(await screen.findByText(/Google Gemini/)).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('my');
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'AI ဖြင့် ငွေပေးချေမှု စစ်ဆေးခြင်း - စက္ကန့်ပိုင်းအတွင်း စစ်ဆေးပြီး ပြေစာကို ဖျက်ပစ်သည်',
    });
    expect(await within(dialog).findByText(/ဖျက်ပစ်ပါသည်/)).toBeInTheDocument();
    expect(asked).toEqual(['en', 'my']);
  });
});
