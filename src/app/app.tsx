import { AppErrorBoundary } from './app-error-boundary';
import { AppRouter } from './router';

/**
 * React 19 hoists <title> and <meta> by itself, so no head manager needs a provider here
 * (docs/decisions/004-byte-budget.md, 034-no-motion-or-head-library.md).
 */
export function App() {
  return (
    <AppErrorBoundary>
      <AppRouter />
    </AppErrorBoundary>
  );
}
