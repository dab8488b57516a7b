import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { i18n } from '../lib/i18n/i18n';
import type { Namespace } from '../lib/i18n/languages';

type PageSlot = { failed: boolean; Component: LazyExoticComponent<ComponentType> };
type Page = { slot: PageSlot; make: () => PageSlot };

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
): ComponentType {
  const make = (): PageSlot => {
    const slot: PageSlot = {
      failed: false,
      Component: lazy(async () => {
        try {
          const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
          const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
          if (missing.length > 0) {
            throw new Error(`Translation bundles did not load: ${missing.join(', ')}`);
          }
          return { default: pick(module) };
        } catch (error) {
          slot.failed = true;
          throw error;
        }
      }),
    };
    return slot;
  };
  const page: Page = { slot: make(), make };
  pages.add(page);
  return function LazyPage() {
    const { Component } = page.slot;
    return <Component />;
  };
}

/**
 * React.lazy keeps a failed load for good. The layout calls this when the path changes: a page
 * whose load failed starts afresh the next time it is visited. Not during the visit itself, where
 * a new attempt on every render would load in a loop instead of showing the error screen.
 */
export function forgetFailedPages() {
  for (const page of pages) if (page.slot.failed) page.slot = page.make();
}
