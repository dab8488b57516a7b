import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '../../../src/components/layout/loading-overlay';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  delete document.documentElement.dataset.bootAt;
  vi.useRealTimers();
});

describe('the start-up overlay in a pre-rendered page (decision 046)', () => {
  it('lasts 500 ms from the boot script’s start mark, not from when the app mounts', async () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(1000); // a page that has been open a second (the mark is > 0)
    document.documentElement.dataset.bootAt = String(performance.now() - 300);
    await renderWithProviders(<LoadingOverlay />);
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('is not drawn again by an app that starts after the 500 ms', async () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(1000); // a page that has been open a second (the mark is > 0)
    document.documentElement.dataset.bootAt = String(performance.now() - 800);
    await renderWithProviders(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
