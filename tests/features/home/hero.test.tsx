import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hero } from '../../../src/features/home/components/hero';
import { renderWithProviders } from '../../support/render';

function preferReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('reduce'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const title = 'Stay connected anywhere in Myanmar';
const subtitle =
  'A data-only eSIM on MPT, ATOM, Ooredoo or Mytel. Pay by MMQR with KBZPay or WavePay: no shop visit. No card needed.';

describe('Hero', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the tagline, title, subtitle, partners line and a call to action to buy', async () => {
    await renderWithProviders(<Hero />, { namespaces: ['home'] });
    expect(screen.getByText('Data-only eSIM for Myanmar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByText(subtitle).length).toBeGreaterThan(0);
    const partners = screen.getByText('Our network partners').parentElement as HTMLElement;
    expect(
      within(partners)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['MPT', 'ATOM', 'Ooredoo', 'Mytel']);
    expect(screen.getByRole('link', { name: 'Buy eSIM' })).toHaveAttribute('href', '/buy-esim');
    expect(screen.getByRole('link', { name: 'Check my phone' })).toHaveAttribute(
      'href',
      '/compatibility',
    );
  });

  it('types the title, then the subtitle, while the full text stays readable', async () => {
    vi.useFakeTimers();
    await renderWithProviders(<Hero />, { namespaces: ['home'] });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAccessibleName(title);
    const [typedTitle, typedSubtitle] = [...document.querySelectorAll('.typed__letters')];
    expect(typedTitle).toHaveTextContent('');
    expect(typedTitle).toHaveAttribute('data-state', 'typing');
    expect(typedSubtitle).toHaveAttribute('data-state', 'waiting');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const partial = typedTitle?.textContent ?? '';
    expect(partial.length).toBeGreaterThan(0);
    expect(title.startsWith(partial)).toBe(true);
    expect(partial).not.toBe(title);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(typedTitle).toHaveTextContent(title);
    expect(typedSubtitle).toHaveTextContent(subtitle);
    expect(typedTitle).toHaveAttribute('data-state', 'done');
    expect(typedSubtitle).toHaveAttribute('data-state', 'done');
  });

  it('shows title and subtitle at once under prefers-reduced-motion', async () => {
    preferReducedMotion();
    await renderWithProviders(<Hero />, { namespaces: ['home'] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(subtitle)).toBeVisible();
    expect(document.querySelector('.typed')).toBeNull();
  });

  it('speaks Burmese and types it syllable by syllable', async () => {
    vi.useFakeTimers();
    await renderWithProviders(<Hero />, { namespaces: ['home'], language: 'my' });
    const burmeseTitle = 'မြန်မာပြည် ဘယ်နေရာမှာမဆို အင်တာနက် ချိတ်ဆက်ထားပါ';
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(burmeseTitle);
    expect(screen.getByRole('link', { name: 'eSIM ဝယ်ရန်' })).toHaveAttribute('href', '/buy-esim');
    const typedTitle = document.querySelector('.typed__letters');
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(70));
      seen.add(typedTitle?.textContent ?? '');
    }
    // Every intermediate state ends on a whole syllable, never half of a stacked pair.
    for (const text of seen) expect(text).not.toMatch(/\u1039$/u);
    expect([...seen]).toContain('မြန်');
    expect([...seen]).not.toContain('မြ');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(typedTitle).toHaveTextContent(burmeseTitle);
  });
});
