import { useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top and fades the page in on every route change. */
export function RouteTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div key={pathname} className="route-fade">
      {children}
    </div>
  );
}
