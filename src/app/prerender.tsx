import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createPath, Router, type Navigator } from 'react-router';
import { env } from '../config/env';
import { textsForMode } from '../lib/i18n/mode-texts';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';
import { defaultServices, ServicesProvider } from '../lib/services';

/** Links as the hash router writes them (`#/buy-esim`), so that hydration finds the same hrefs. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => {},
  push: () => {},
  replace: () => {},
};

/** Every text bundle of both languages, read at build time (there is no bundle backend in Node). */
const bundles = {
  en: import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
    eager: true,
    import: 'default',
  }),
  my: import.meta.glob<Record<string, unknown>>('../../locales/my/*.json', {
    eager: true,
    import: 'default',
  }),
};

export type PrerenderLanguage = keyof typeof bundles;

/** The language given, with every page's bundle (no backend in Node). */
async function withLanguage(language: PrerenderLanguage) {
  const resources = Object.fromEntries(
    Object.entries(bundles[language]).map(([file, bundle]) => [
      /(\w+)\.json$/.exec(file)![1]!,
      // The texts of the mode this build runs in (server or static, issue #24).
      textsForMode(bundle, Boolean(env.apiUrl)) as Record<string, unknown>,
    ]),
  );
  if (i18next.isInitialized) {
    for (const [ns, bundle] of Object.entries(resources)) {
      i18next.addResourceBundle(language, ns, bundle, true, false);
    }
    await i18next.changeLanguage(language);
    return;
  }
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ['en', 'my'],
    ns: Object.keys(resources),
    defaultNS: 'common',
    resources: { [language]: resources },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
}

const app = (location: string) => (
  <StrictMode>
    <ServicesProvider services={defaultServices}>
      <AppErrorBoundary>
        <Router location={location} navigator={hashNavigator}>
          <AppRoutes />
        </Router>
      </AppErrorBoundary>
    </ServicesProvider>
  </StrictMode>
);

/**
 * Renders the layout and the home page in English at build time (vite.config.ts, decision 046):
 * the markup that index.html carries in #root and that src/main.tsx then hydrates. Runs in Node.
 */
export async function prerenderHome(): Promise<string> {
  await withLanguage('en');
  return renderToString(app('/'));
}

/**
 * The layout and another route's page (decision 062), in English or Burmese (decision 085), once
 * its lazy page has loaded (`react-dom/static`'s `prerender` waits for it): the markup a first
 * visit of that route in that language paints from HTML before the app starts. Not hydrated:
 * React draws the same page over it. `path` may carry a query (a parameter route's shell is
 * rendered at a made-up address, such as `/order/shell?token=shell`).
 */
export async function prerenderPage(
  path: string,
  language: PrerenderLanguage = 'en',
): Promise<string> {
  await withLanguage(language);
  // A page that throws while rendering in Node would leave its spinner in the copy (React
  // falls back to drawing it in the browser): the build fails instead, naming the error.
  const errors: unknown[] = [];
  const { prelude } = await prerender(app(path), {
    onError: (error) => void errors.push(error),
    // One piece of HTML: a long page would otherwise come as its spinner plus the content in a
    // hidden block that an inline script swaps in, which the copy cannot run (no inline scripts).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (errors.length > 0) {
    throw new Error(`prerender: ${path} failed to render: ${String(errors[0])}`, {
      cause: errors[0],
    });
  }
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as unknown as AsyncIterable<Uint8Array>) {
    html += decoder.decode(chunk, { stream: true });
  }
  return html + decoder.decode();
}
