import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../../src/components/layout/footer';
import { Header } from '../../../src/components/layout/header';
import { renderWithProviders } from '../../support/render';
import { site } from '../../../src/config/site';
import { apiServices } from '../../../src/lib/services';

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

describe('Header', () => {
  it('has the eight navigation links and the language toggle', async () => {
    await renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Home',
      'Buy eSIM',
      'Compatibility',
      'How it works',
      'Partners',
      'Blog',
      'Help center',
      'Contact',
    ]);
    expect(
      screen.getByRole('button', { name: /Switch the language to Burmese/ }),
    ).toBeInTheDocument();
  });

  it('offers Find my eSIMs in the menu where the shop has its server, in both languages', async () => {
    // Issue #44: a returning buyer found the lookup only inside the help center.
    for (const [language, name] of [
      ['en', 'Find my eSIMs'],
      ['my', 'ကျွန်ုပ်၏ eSIM များကို ရှာရန်'],
    ] as const) {
      const { unmount } = await renderWithProviders(<Header />, {
        language,
        services: apiServices('http://api.test'),
      });
      const nav = screen.getByRole('navigation');
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', '/help-center?find');
      unmount();
    }
  });

  it('switches to Burmese instantly and remembers it', async () => {
    await renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: /Switch the language to Burmese/ }));
    expect(await screen.findByRole('link', { name: 'eSIM ဝယ်ရန်' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('my');
    expect(localStorage.getItem('esim-shop.language')).toBe('my');
  });

  it('opens and closes the small-screen menu', async () => {
    await renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Blog' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes the menu on any change of page, and going back does not open it again', async () => {
    await renderWithProviders(
      <>
        <Header />
        <BackButton />
      </>,
      { route: '/blog' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    // The brand link is not a menu item: the menu closes because the page changed.
    await userEvent.click(screen.getByRole('link', { name: site.brandName }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('Footer', () => {
  it('shows contacts, configured social links only, and the year', async () => {
    await renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /Email:/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(within(footer).getByRole('link', { name: /Phone:/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+?\d+$/),
    );
    // The test configuration sets Facebook and Viber only.
    expect(within(footer).getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(footer).queryByRole('link', { name: /TikTok/ })).toBeNull();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: 'Refund policy' })).toHaveAttribute(
      'href',
      '/refund-policy',
    );
  });
});
