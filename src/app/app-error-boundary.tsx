import type { ReactNode } from 'react';
import { ErrorScreen } from '../components/layout/error-screen';
import { ErrorBoundary } from '../components/ui/error-boundary';

/** The last line of defence: SPEC's "An Unexpected Error Occurred" screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="Unexpected error" fallback={<ErrorScreen />}>
      {children}
    </ErrorBoundary>
  );
}
