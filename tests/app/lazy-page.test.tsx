import { screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { forgetFailedPages, lazyPage } from '../../src/app/lazy-page';
import { ErrorBoundary } from '../../src/components/ui/error-boundary';
import { renderWithProviders } from '../support/render';

function Help() {
  return <h1>Help center</h1>;
}

const mount = (Page: ComponentType) =>
  renderWithProviders(
    <ErrorBoundary label="Route error" level="info" fallback={<p>This page could not load</p>}>
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );

describe('lazyPage', () => {
  it('shows the error screen once (no retry loop), and loads again on the next visit', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    // React reports the caught error too; the boundary's fallback is what this test checks.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const Page = lazyPage(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { Help };
      },
      (module) => module.Help,
    );
    const first = await mount(Page);
    expect(await screen.findByText('This page could not load')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
    first.unmount();

    // Still the same visit: the failure stands.
    const again = await mount(Page);
    expect(await screen.findByText('This page could not load')).toBeInTheDocument();
    expect(calls).toBe(1);
    again.unmount();

    // The buyer went elsewhere and comes back: a fresh load.
    forgetFailedPages();
    await mount(Page);
    expect(await screen.findByRole('heading', { name: 'Help center' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('lazyPage preload', () => {
  it('renders a preloaded page in the first render: no fallback, one load', async () => {
    let calls = 0;
    const Page = lazyPage(
      async () => {
        calls += 1;
        return { Help };
      },
      (module) => module.Help,
    );
    await Page.preload();
    await mount(Page);
    // Synchronously there: the fallback was never drawn.
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Help center' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('a page not preloaded still suspends and then shows', async () => {
    const Page = lazyPage(
      async () => ({ Help }),
      (module) => module.Help,
    );
    await mount(Page);
    expect(await screen.findByRole('heading', { name: 'Help center' })).toBeInTheDocument();
  });

  it('a preload that fails resolves quietly; the page shows its error screen', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(
      async (): Promise<{ Help: ComponentType }> => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
      (module) => module.Help,
    );
    await expect(Page.preload()).resolves.toBeUndefined();
    await mount(Page);
    expect(await screen.findByText('This page could not load')).toBeInTheDocument();
    forgetFailedPages();
  });
});
