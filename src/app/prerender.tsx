import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createPath, Router, type Navigator } from 'react-router';
import englishCommon from '../../locales/en/common.json';
import englishDelivery from '../../locales/en/delivery.json';
import englishHome from '../../locales/en/home.json';
import englishPurchase from '../../locales/en/purchase.json';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

/** Links as the hash router writes them (`#/buy-esim`), so that hydration finds the same hrefs. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => {},
  push: () => {},
  replace: () => {},
};

/** English, with the bundles of the pages rendered here (no backend in Node). */
async function englishOnly() {
  const resources = {
    common: englishCommon,
    home: englishHome,
    purchase: englishPurchase,
    delivery: englishDelivery,
  };
  if (i18next.isInitialized) {
    for (const [ns, bundle] of Object.entries(resources)) {
      i18next.addResourceBundle('en', ns, bundle, true, false);
    }
    await i18next.changeLanguage('en');
    return;
  }
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    supportedLngs: ['en', 'my'],
    ns: Object.keys(resources),
    defaultNS: 'common',
    resources: { en: resources },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
}

const app = (location: string) => (
  <StrictMode>
    <AppErrorBoundary>
      <Router location={location} navigator={hashNavigator}>
        <AppRoutes />
      </Router>
    </AppErrorBoundary>
  </StrictMode>
);

/**
 * Renders the layout and the home page in English at build time (vite.config.ts, decision 046):
 * the markup that index.html carries in #root and that src/main.tsx then hydrates. Runs in Node.
 */
export async function prerenderHome(): Promise<string> {
  await englishOnly();
  return renderToString(app('/'));
}

/**
 * The layout and /buy-esim's first step (the plan list, static catalogue data) in English, once
 * its lazy page has loaded (decision 061): what index.html keeps in a <template> for a first visit
 * of /#/buy-esim. Not hydrated: React draws the same page over it in one commit.
 */
export async function prerenderBuy(): Promise<string> {
  await englishOnly();
  const { prelude } = await prerender(app('/buy-esim'));
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as unknown as AsyncIterable<Uint8Array>) {
    html += decoder.decode(chunk, { stream: true });
  }
  return html + decoder.decode();
}
