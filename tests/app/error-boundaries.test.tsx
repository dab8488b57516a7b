import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../src/app/app-error-boundary';
import { RouteErrorBoundary } from '../../src/app/route-error-boundary';
import { LoadingOverlay } from '../../src/components/layout/loading-overlay';
import { MusicPlayer } from '../../src/components/layout/music-player';
import { ScrollToTopButton } from '../../src/components/layout/scroll-to-top-button';
import { renderWithProviders } from '../support/render';

function Broken(): never {
  throw new Error('boom');
}

describe('error boundaries', () => {
  it('shows the specification screen with a Refresh Page button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'An Unexpected Error Occurred' }),
    ).toBeInTheDocument();
    // SPEC §2's text said "Our team has been notified", but nothing reports errors (decision 020).
    expect(
      screen.getByText(
        "We're sorry, but something went wrong. Please refresh the page to try again. An order you have started is kept on this device.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/notified/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it("shows the router's fallback for a page that fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
  });
});

describe('floating controls', () => {
  it('shows scroll-to-top only after 300px', async () => {
    await renderWithProviders(<ScrollToTopButton />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });

  it('shows mute only while the music plays', async () => {
    await renderWithProviders(<MusicPlayer />);
    expect(screen.queryByRole('button', { name: /Mute/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Play background music' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mute background music' }));
    expect(screen.getByRole('button', { name: 'Unmute background music' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pause background music' }));
    expect(screen.queryByRole('button', { name: /mute/i })).toBeNull();
  });

  it('removes the start-up overlay after 500 ms', async () => {
    vi.useFakeTimers();
    try {
      await renderWithProviders(<LoadingOverlay />);
      expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(499));
      expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByTestId('loading-overlay')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
