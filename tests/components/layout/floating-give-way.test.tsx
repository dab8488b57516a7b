import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MusicPlayer } from '../../../src/components/layout/music-player';
import { ScrollToTopButton } from '../../../src/components/layout/scroll-to-top-button';
import { renderWithProviders } from '../../support/render';
import { pageOfHeight, scrollPageTo, useScreen } from '../../support/floating';

beforeEach(() => pageOfHeight(5000));

async function renderButtons() {
  await renderWithProviders(
    <>
      <MusicPlayer />
      <ScrollToTopButton />
    </>,
  );
  return {
    music: () => screen.getByRole('button', { name: 'Play background music' }),
    top: () => screen.getByRole('button', { name: 'Back to top' }),
  };
}

/** A turn of the mouse wheel (the visitor reads on with the mouse, not with Tab). */
const wheel = () => fireEvent.wheel(window);

/** The element that slides away: the button or its group. Away = hidden and inert. */
const floating = (button: HTMLElement) => button.closest<HTMLElement>('[data-floating]')!;
const isAway = (button: HTMLElement) =>
  floating(button).hasAttribute('inert') && floating(button).classList.contains('floating--away');

describe('floating buttons on a phone (decision 067)', () => {
  beforeEach(() => useScreen('phone'));

  it('slide away while the visitor scrolls down and come back when they scroll up', async () => {
    const { music, top } = await renderButtons();
    scrollPageTo(400);
    expect(isAway(music())).toBe(true);
    expect(isAway(top())).toBe(true);
    scrollPageTo(900);
    expect(isAway(music())).toBe(true);
    // A jitter back is not yet a scroll up.
    scrollPageTo(895);
    expect(isAway(music())).toBe(true);
    scrollPageTo(860);
    expect(isAway(music())).toBe(false);
    expect(isAway(top())).toBe(false);
  });

  it('are back at the very top and at the end of the page', async () => {
    const { music, top } = await renderButtons();
    scrollPageTo(1200);
    expect(isAway(music())).toBe(true);
    scrollPageTo(5000 - window.innerHeight);
    expect(isAway(music())).toBe(false);
    expect(isAway(top())).toBe(false);
    scrollPageTo(2000);
    scrollPageTo(1000);
    scrollPageTo(1500);
    expect(isAway(music())).toBe(true);
    scrollPageTo(0);
    expect(isAway(music())).toBe(false);
  });

  it('stay while one of them has keyboard focus', async () => {
    const { music } = await renderButtons();
    scrollPageTo(400);
    scrollPageTo(300);
    const user = userEvent.setup();
    await user.tab();
    expect(music()).toHaveFocus();
    // Then the visitor reads on with the mouse wheel: the focused button stays.
    wheel();
    scrollPageTo(1400);
    expect(isAway(music())).toBe(false);
  });

  it('stay in reach while the visitor moves with Tab, and give way again on the wheel', async () => {
    await renderWithProviders(
      <>
        <a href="#terms">Terms</a>
        <MusicPlayer />
      </>,
    );
    const music = () => screen.getByRole('button', { name: 'Play background music' });
    scrollPageTo(400);
    expect(isAway(music())).toBe(true);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
    expect(isAway(music())).toBe(false);
    // The page scrolls down to what Tab reaches: the buttons stay, and Tab reaches them.
    scrollPageTo(1200);
    expect(isAway(music())).toBe(false);
    await user.tab();
    expect(music()).toHaveFocus();
    await user.tab();
    wheel();
    scrollPageTo(1600);
    expect(isAway(music())).toBe(true);
  });

  it('come back when the screen turns wide', async () => {
    const media = useScreen('phone');
    const { music } = await renderButtons();
    scrollPageTo(600);
    expect(isAway(music())).toBe(true);
    act(() => media.change(false));
    expect(isAway(music())).toBe(false);
  });
});

describe('floating buttons on a wider screen', () => {
  beforeEach(() => useScreen('desktop'));

  it('stay in place while the visitor scrolls down', async () => {
    const { music, top } = await renderButtons();
    scrollPageTo(600);
    scrollPageTo(2400);
    expect(isAway(music())).toBe(false);
    expect(isAway(top())).toBe(false);
    expect(floating(music())).not.toHaveAttribute('inert');
  });
});

it('the back-to-top button still appears only after 300 px', async () => {
  useScreen('phone');
  await renderWithProviders(<ScrollToTopButton />);
  expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  scrollPageTo(301);
  expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
});

/** Lays an element out at `box` (jsdom lays nothing out), as the browser would report it. */
function placeAt(
  element: Element,
  box: { left: number; top: number; width: number; height: number },
) {
  const rect = {
    ...box,
    x: box.left,
    y: box.top,
    right: box.left + box.width,
    bottom: box.top + box.height,
  };
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ ...rect, toJSON: () => rect });
}

describe('floating buttons over a control on a phone (issue #44)', () => {
  beforeEach(() => {
    useScreen('phone');
    // jsdom has no DOMMatrixReadOnly: a button at rest is not shifted (m42, its translateY).
    vi.stubGlobal(
      'DOMMatrixReadOnly',
      class {
        m42 = 0;
      },
    );
    return () => vi.unstubAllGlobals();
  });

  async function renderHeroAnd(where: { top: number }) {
    await renderWithProviders(
      <>
        <main>
          <a href="#buy">Buy eSIM</a>
          <p>A paragraph the buttons may pass over.</p>
        </main>
        <MusicPlayer />
      </>,
    );
    const music = screen.getByRole('button', { name: 'Play background music' });
    // The music player rests at the bottom left of a 360×740 screen.
    placeAt(floating(music), { left: 16, top: 674, width: 44, height: 44 });
    placeAt(screen.getByText('A paragraph the buttons may pass over.'), {
      left: 16,
      top: 600,
      width: 328,
      height: 120,
    });
    placeAt(screen.getByRole('link', { name: 'Buy eSIM' }), {
      left: 16,
      top: where.top,
      width: 144,
      height: 48,
    });
    return music;
  }

  it('give way at the top of the page while they would lie over a link', async () => {
    const music = await renderHeroAnd({ top: 660 });
    scrollPageTo(0);
    expect(isAway(music)).toBe(true);
  });

  it('stay over plain text, clear of every control', async () => {
    const music = await renderHeroAnd({ top: 400 });
    scrollPageTo(0);
    expect(isAway(music)).toBe(false);
  });

  it('give way while Tab has reached the control under them, and come back after it', async () => {
    await renderWithProviders(
      <>
        <main>
          <a href="#first">First</a>
          <a href="#second">Second</a>
        </main>
        <MusicPlayer />
      </>,
    );
    const music = screen.getByRole('button', { name: 'Play background music' });
    placeAt(floating(music), { left: 16, top: 674, width: 44, height: 44 });
    placeAt(screen.getByRole('link', { name: 'First' }), {
      left: 300,
      top: 100,
      width: 40,
      height: 40,
    });
    placeAt(screen.getByRole('link', { name: 'Second' }), {
      left: 300,
      top: 300,
      width: 40,
      height: 40,
    });
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'First' })).toHaveFocus();
    expect(isAway(music)).toBe(false);
    // The second link is laid out under the music button before Tab reaches it.
    placeAt(screen.getByRole('link', { name: 'Second' }), {
      left: 16,
      top: 680,
      width: 120,
      height: 40,
    });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Second' })).toHaveFocus();
    expect(isAway(music)).toBe(true);
    // Tab goes on to the music button itself: it is there to be reached.
    await user.tab();
    expect(isAway(music)).toBe(false);
  });
});
