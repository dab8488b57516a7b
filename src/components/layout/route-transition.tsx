import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top and fades the page in on every route change. The page a visit lands on is
 * not faded: it is the first paint (on the home page, the pre-rendered HTML: decision 046), and
 * text that starts transparent would be painted, for the browser, only once the fade is under
 * way.
 */
export function RouteTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [landing, setLanding] = useState<string | null>(pathname);
  if (landing !== null && landing !== pathname) setLanding(null);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div
      key={pathname}
      className={landing === pathname ? 'route-fade route-fade--landing' : 'route-fade'}
    >
      {children}
    </div>
  );
}
