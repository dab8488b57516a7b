import type { ComponentType } from 'react';
import { HashRouter, matchPath, Route, Routes } from 'react-router';
import { paths, type RouteName } from '#domain/paths';
import { HomePage } from '../pages/home-page';
import { lazyPage, type LazyPageComponent } from './lazy-page';
import { RootLayout } from './root-layout';

export const pages: Record<RouteName, ComponentType> = {
  // The landing page and its English text come with the entry and render in the first pass: no
  // round trip and no second render before the first paint. In Burmese its text bundle is
  // fetched first (useTranslation suspends until it is there).
  home: HomePage,
  buy: lazyPage(
    () => import('../pages/buy-page'),
    (m) => m.BuyPage,
    ['purchase', 'delivery'],
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
  order: lazyPage(
    () => import('../pages/order-page'),
    (m) => m.OrderPage,
    ['delivery'],
  ),
  staff: lazyPage(
    () => import('../pages/staff-page'),
    (m) => m.StaffPage,
    ['staff'],
  ),
};

const NotFoundPage = lazyPage(
  () => import('../pages/not-found-page'),
  (m) => m.NotFoundPage,
);

/**
 * Loads the page that `pathname` shows (its chunk and text), so that the app's first render
 * draws that page instead of a spinner over the pre-rendered markup (decision 062). Home is in
 * the entry already.
 */
export function preloadPage(pathname: string): Promise<void> {
  if (pathname === paths.home) return Promise.resolve();
  const name = (Object.keys(pages) as RouteName[]).find(
    (route) => route !== 'home' && matchPath(paths[route], pathname),
  );
  const page = (name ? pages[name] : NotFoundPage) as Partial<LazyPageComponent>;
  return page.preload?.() ?? Promise.resolve();
}

/** The route table: every path from domain/paths, and a 404 for anything else. */
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
