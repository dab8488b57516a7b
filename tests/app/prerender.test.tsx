import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderHome } from '../../src/app/prerender';
import { shouldHydrate, StartApp } from '../../src/app/start';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.getElementById('root')?.remove();
  delete document.documentElement.dataset.boot;
});

async function prerenderedContainer() {
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = 'home';
  container.innerHTML = await prerenderHome();
  document.body.append(container);
  return container;
}

describe('the pre-rendered home page (decision 046)', () => {
  it('carries the layout and the hero in English, with the hash router’s links', async () => {
    const container = await prerenderedContainer();
    expect(container.querySelector('h1')?.textContent).toContain(
      'Stay connected anywhere in Myanmar',
    );
    expect(container.querySelector('header a[href="#/buy-esim"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="loading-overlay"]')).not.toBeNull();
  });

  it('is hydrated in place, without a mismatch, and the boot mark is lifted', async () => {
    const container = await prerenderedContainer();
    document.documentElement.dataset.boot = 'home';
    expect(shouldHydrate(container, '')).toBe(true);
    const heading = container.querySelector('h1');
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <StartApp />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    // Hydration keeps the server's nodes; a client render would have replaced them.
    expect(container.querySelector('h1')).toBe(heading);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stay connected anywhere in Myanmar' }),
    ).toBeInTheDocument();
    expect(document.documentElement.dataset.boot).toBeUndefined();
  });

  it('is not hydrated on another route or for a Burmese visitor', async () => {
    const container = await prerenderedContainer();
    document.documentElement.dataset.boot = 'home';
    expect(shouldHydrate(container, '#/buy-esim')).toBe(false);
    expect(shouldHydrate(container, '#/')).toBe(true);
    document.documentElement.dataset.boot = 'my';
    expect(shouldHydrate(container, '')).toBe(false);
    document.documentElement.dataset.boot = 'route';
    expect(shouldHydrate(container, '')).toBe(false);
  });
});
