import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { RouteError } from './route-error';

/**
 * Contains an error thrown by one page (keyed by path in the layout, so navigating away
 * recovers): the header, footer and chat stay usable.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="Route error" fallback={<RouteError />}>
      {children}
    </ErrorBoundary>
  );
}
