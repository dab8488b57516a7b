import { AppErrorBoundary } from './app-error-boundary';
import { AppRouter } from './router';

/**
 * React 19 hoists <title> and <meta> by itself, so react-helmet-async needs no provider here
 * and stays in the lazily loaded page chunks (docs/decisions/004-byte-budget.md).
 */
export function App() {
  return (
    <AppErrorBoundary>
      <AppRouter />
    </AppErrorBoundary>
  );
}
