// Shared button styles first: the layout's components and the pages refine them.
import '../components/ui/button.css';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DemoBanner } from '../components/layout/demo-banner';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { LanguageFallbackNotice } from '../components/layout/language-fallback-notice';
import { LoadingOverlay } from '../components/layout/loading-overlay';
import { MusicPlayer } from '../components/layout/music-player';
import { RouteTransition } from '../components/layout/route-transition';
import { ScrollToTopButton } from '../components/layout/scroll-to-top-button';
import { SkipLink } from '../components/layout/skip-link';
import { Starfield } from '../components/layout/starfield';
import { PageSpinner } from '../components/ui/page-spinner';
import { paths } from '#domain/paths';
import { ChatLauncher } from '../features/chat/components/chat-launcher';
import { forgetFailedPages } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { useWebhookQueue } from '../features/purchase/hooks/use-webhook-queue';

/** The layout on every page (SPEC §2): header, footer, floating controls, background. */
export function RootLayout() {
  const { pathname } = useLocation();
  // In the checkout only the chat floats: music and back-to-top would sit over the steps'
  // cards and buttons on a phone (issue #15); the steps scroll to their own top.
  const checkout = pathname === paths.buy;
  useWebhookQueue();
  // A page that failed to load (offline, a deploy) loads again when it is visited again.
  useEffect(() => forgetFailedPages(), [pathname]);
  return (
    <>
      <SkipLink />
      <Starfield />
      <DemoBanner />
      <LanguageFallbackNotice />
      <Header />
      <main id="main" tabIndex={-1} className="main">
        <RouteTransition>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </RouteTransition>
      </main>
      <Footer />
      {!checkout && <MusicPlayer />}
      {!checkout && <ScrollToTopButton />}
      <ChatLauncher />
      <LoadingOverlay />
    </>
  );
}
