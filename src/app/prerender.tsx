import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createPath, Router, type Navigator } from 'react-router';
import englishCommon from '../../locales/en/common.json';
import englishHome from '../../locales/en/home.json';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

/** Links as the hash router writes them (`#/buy-esim`), so that hydration finds the same hrefs. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => {},
  push: () => {},
  replace: () => {},
};

/**
 * Renders the layout and the home page in English at build time (vite.config.ts, decision 046):
 * the markup that index.html carries in #root and that src/main.tsx hydrates. Runs in Node, once.
 */
export async function prerenderHome(): Promise<string> {
  if (i18next.isInitialized) {
    i18next.addResourceBundle('en', 'home', englishHome, true, false);
    await i18next.changeLanguage('en');
  } else {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: false,
      supportedLngs: ['en', 'my'],
      ns: ['common', 'home'],
      defaultNS: 'common',
      resources: { en: { common: englishCommon, home: englishHome } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  }
  return renderToString(
    <StrictMode>
      <AppErrorBoundary>
        <Router location="/" navigator={hashNavigator}>
          <AppRoutes />
        </Router>
      </AppErrorBoundary>
    </StrictMode>,
  );
}
