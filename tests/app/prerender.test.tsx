import { act, screen } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import burmeseCompatibility from '../../locales/my/compatibility.json';
import burmeseDelivery from '../../locales/my/delivery.json';
import { copyAddress, pageFragment } from '../../scripts/prerender';
import { prerenderHome, prerenderPage } from '../../src/app/prerender';
import { preloadPage } from '../../src/app/router';
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

describe('the pre-rendered copies of the other routes (decision 062)', () => {
  it('are drawn over by the app’s first commit: the page at once, never the spinner', async () => {
    const container = document.createElement('div');
    container.id = 'root';
    // As the boot script leaves it (the copy's text here; the build's copy is tested below).
    container.innerHTML = '<main id="main"><div class="page"><h1>Contact us</h1></div></main>';
    document.body.append(container);
    document.documentElement.dataset.boot = 'page-shown';
    window.location.hash = '#/contact';
    await preloadPage('/contact');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (container.querySelector('.page-spinner, [data-testid="page-spinner"]')) {
        seen.push('spinner');
      }
    });
    observer.observe(container, { childList: true, subtree: true });
    await act(async () => {
      root = createRoot(container);
      root.render(<StartApp />);
    });
    observer.disconnect();
    expect(seen).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(document.documentElement.dataset.started).toBe('');
    window.location.hash = '';
  });
  it('carry the layout and that route’s page, without the start overlay or head tags', async () => {
    const fragment = pageFragment(await prerenderPage('/contact'));
    const container = document.createElement('div');
    container.innerHTML = fragment;
    expect(container.querySelector('main h1')?.textContent).toBe('Contact us');
    expect(container.querySelector('header a[href="#/buy-esim"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="loading-overlay"]')).toBeNull();
    expect(container.querySelector('title, meta, link, script')).toBeNull();
    expect(fragment).not.toMatch(/<!--\$/);
  });

  it('carry a long page whole, not its spinner and a hidden block to swap in', async () => {
    const fragment = pageFragment(await prerenderPage('/help-center'));
    expect(fragment).not.toContain('page-spinner');
    expect(fragment).not.toMatch(/hidden id="S:/);
    expect(fragment).toContain('<h1>Help center</h1>');
  });

  it('come in Burmese too, from locales/my (decision 085)', async () => {
    const container = document.createElement('div');
    container.innerHTML = pageFragment(await prerenderPage('/compatibility', 'my'));
    expect(container.querySelector('main h1')?.textContent).toBe(burmeseCompatibility.title);
    // The answer's place says what happens there until the app has detected the phone.
    expect(container.querySelector('main [role="status"]')?.textContent).toBe(
      burmeseCompatibility.form.detecting,
    );
    await prerenderPage('/contact', 'en');
  });
});

describe('the shell of a route with parameters (decision 085)', () => {
  it('is the page rendered at one address standing for every visit', async () => {
    expect(copyAddress('/order/:id')).toBe('/order/shell?token=shell');
    expect(copyAddress('/contact')).toBe('/contact');
    expect(() => copyAddress('/receipt/:id')).toThrow(/no shell address/);
    const container = document.createElement('div');
    container.innerHTML = pageFragment(await prerenderPage(copyAddress('/order/:id'), 'my'));
    expect(container.querySelector('main h1')?.textContent).toBe(burmeseDelivery.order.heading);
    // This test's build has no shop server: the shell says what the page says without one.
    expect(container.querySelector('main [role="alert"]')?.textContent).toBe(
      burmeseDelivery.order.staticMode,
    );
    expect(container.textContent).not.toContain('shell');
    await prerenderPage('/contact', 'en');
  });
});
