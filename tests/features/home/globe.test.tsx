import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Globe } from '../../../src/features/home/components/globe';
import { renderWithProviders } from '../../support/render';

describe('Globe', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the still globe with the Yangon marker and a caption', async () => {
    await renderWithProviders(<Globe />, { namespaces: ['home'] });
    const globe = screen.getByRole('img', {
      name: 'A slowly turning globe with a marker on Yangon, Myanmar',
    });
    expect(globe.querySelector('svg.globe__still')).not.toBeNull();
    expect(globe).toHaveTextContent('Yangon');
    expect(screen.getByText('Yangon, Myanmar · 16.8° N, 96.2° E')).toBeInTheDocument();
  });

  it('keeps the still globe when there is no WebGL (as in this test browser)', async () => {
    vi.useFakeTimers();
    await renderWithProviders(<Globe />, { namespaces: ['home'], language: 'my' });
    // The page has loaded; give the idle callback (or its fallback timer) every chance to run.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const globe = screen.getByRole('img', { name: /ရန်ကုန်/ });
    expect(globe).not.toHaveAttribute('data-live');
    expect(globe.querySelector('canvas')).toBeNull();
    expect(globe.querySelector('svg.globe__still')).not.toBeNull();
  });
});
