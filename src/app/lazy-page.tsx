import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { i18n } from '../lib/i18n/i18n';
import { retryableImport } from '../lib/retry-import';
import type { Namespace } from '../lib/i18n/languages';

type PageSlot = {
  failed: boolean;
  /** The page once its chunk and text are there: rendered at once, without suspending. */
  loaded?: ComponentType;
  load: () => Promise<ComponentType>;
  Component: LazyExoticComponent<ComponentType>;
};
type Page = { slot: PageSlot; make: () => PageSlot };

/** A lazily loaded page, and a way to load it before it is first rendered. */
export type LazyPageComponent = ComponentType & {
  /** Loads the chunk and the text, so that the first render draws the page, not a spinner. */
  preload: () => Promise<void>;
};

const pages = new Set<Page>();

/**
 * A lazily loaded page: its chunk and its translation bundles load together, so a page never
 * renders before its text is there. A bundle that did not load fails the page (its error screen,
 * not raw keys); a Burmese one is replaced by English before that (lib/i18n/bundle-backend).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: Namespace[] = [],
): LazyPageComponent {
  // A chunk that failed is asked for under a new URL on the next visit (lib/retry-import).
  const loadChunk = retryableImport(load);
  const make = (): PageSlot => {
    let pending: Promise<ComponentType> | undefined;
    const slot: PageSlot = {
      failed: false,
      // One load per slot, shared by preload() and React.lazy.
      load: () =>
        (pending ??= (async () => {
          try {
            const [module] = await Promise.all([loadChunk(), i18n.loadNamespaces(namespaces)]);
            const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
            if (missing.length > 0) {
              throw new Error(`Translation bundles did not load: ${missing.join(', ')}`);
            }
            slot.loaded = pick(module);
            return slot.loaded;
          } catch (error) {
            slot.failed = true;
            throw error;
          }
        })()),
      Component: lazy(async () => ({ default: await slot.load() })),
    };
    return slot;
  };
  const page: Page = { slot: make(), make };
  pages.add(page);
  function LazyPage() {
    // Chosen once per mount: a page already loaded renders directly; switching from the lazy
    // wrapper to it later would remount the page and lose its state.
    const [Component] = useState(() => page.slot.loaded ?? page.slot.Component);
    return <Component />;
  }
  return Object.assign(LazyPage, {
    preload: () =>
      page.slot.load().then(
        () => undefined,
        // The page's error screen reports it when it renders.
        () => undefined,
      ),
  });
}

/**
 * React.lazy keeps a failed load for good. The layout calls this when the path changes: a page
 * whose load failed starts afresh the next time it is visited. Not during the visit itself, where
 * a new attempt on every render would load in a loop instead of showing the error screen.
 */
export function forgetFailedPages() {
  for (const page of pages) if (page.slot.failed) page.slot = page.make();
}
