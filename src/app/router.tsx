import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { paths, type RouteName } from '../config/paths';
import { i18n } from '../lib/i18n/i18n';
import type { Namespace } from '../lib/i18n/languages';
import { HomePage } from '../pages/home-page';
import { RootLayout } from './root-layout';

/**
 * A lazily loaded page: its chunk and its translation bundles load together, so a page never
 * renders before its text is there. A bundle that did not load fails the page (its error screen,
 * not raw keys); a Burmese one is replaced by English before that (lib/i18n/bundle-backend).
 * React.lazy keeps a failure for good, so a failed load makes a fresh lazy component: coming back
 * to the page (the route's error boundary is keyed by path) loads it again.
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: Namespace[] = [],
): ComponentType {
  const make = (): LazyExoticComponent<ComponentType> =>
    lazy(async () => {
      try {
        const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
        const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
        if (missing.length > 0) {
          throw new Error(`Translation bundles did not load: ${missing.join(', ')}`);
        }
        return { default: pick(module) };
      } catch (error) {
        current = make();
        throw error;
      }
    });
  let current = make();
  return function LazyPage() {
    const Page = current;
    return <Page />;
  };
}

export const pages: Record<RouteName, ComponentType> = {
  // The landing page and its English text come with the entry and render in the first pass: no
  // round trip and no second render before the first paint. In Burmese its text bundle is
  // fetched first (useTranslation suspends until it is there).
  home: HomePage,
  buy: lazyPage(
    () => import('../pages/buy-page'),
    (m) => m.BuyPage,
    ['purchase'],
  ),
  about: lazyPage(
    () => import('../pages/about-page'),
    (m) => m.AboutPage,
    ['about'],
  ),
  compatibility: lazyPage(
    () => import('../pages/compatibility-page'),
    (m) => m.CompatibilityPage,
    ['compatibility'],
  ),
  howItWorks: lazyPage(
    () => import('../pages/how-it-works-page'),
    (m) => m.HowItWorksPage,
    ['guide'],
  ),
  whatIsEsim: lazyPage(
    () => import('../pages/what-is-esim-page'),
    (m) => m.WhatIsEsimPage,
    ['guide'],
  ),
  helpCenter: lazyPage(
    () => import('../pages/help-center-page'),
    (m) => m.HelpCenterPage,
    ['faq'],
  ),
  contact: lazyPage(
    () => import('../pages/contact-page'),
    (m) => m.ContactPage,
    ['support'],
  ),
  partners: lazyPage(
    () => import('../pages/partners-page'),
    (m) => m.PartnersPage,
    ['partners'],
  ),
  privacy: lazyPage(
    () => import('../pages/privacy-page'),
    (m) => m.PrivacyPage,
    ['legal'],
  ),
  terms: lazyPage(
    () => import('../pages/terms-page'),
    (m) => m.TermsPage,
    ['legal'],
  ),
  refund: lazyPage(
    () => import('../pages/refund-page'),
    (m) => m.RefundPage,
    ['legal'],
  ),
  blog: lazyPage(
    () => import('../pages/blog-page'),
    (m) => m.BlogPage,
    ['blog'],
  ),
  create: lazyPage(
    () => import('../pages/create-page'),
    (m) => m.CreatePage,
    ['dev'],
  ),
  dashboard: lazyPage(
    () => import('../pages/dashboard-page'),
    (m) => m.DashboardPage,
    ['dev'],
  ),
  status: lazyPage(
    () => import('../pages/status-page'),
    (m) => m.StatusPage,
    ['status'],
  ),
  developers: lazyPage(
    () => import('../pages/developers-page'),
    (m) => m.DevelopersPage,
    ['dev'],
  ),
  audit: lazyPage(
    () => import('../pages/audit-page'),
    (m) => m.AuditPage,
    ['dev'],
  ),
  imageGeneration: lazyPage(
    () => import('../pages/image-generation-page'),
    (m) => m.ImageGenerationPage,
    ['media'],
  ),
  videoGeneration: lazyPage(
    () => import('../pages/video-generation-page'),
    (m) => m.VideoGenerationPage,
    ['media'],
  ),
};

const NotFoundPage = lazyPage(
  () => import('../pages/not-found-page'),
  (m) => m.NotFoundPage,
);

/** The route table: every path from config/paths, and a 404 for anything else. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {(Object.keys(pages) as RouteName[]).map((name) => {
          const Page = pages[name];
          return name === 'home' ? (
            <Route key={name} index element={<Page />} />
          ) : (
            <Route key={name} path={paths[name]} element={<Page />} />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
