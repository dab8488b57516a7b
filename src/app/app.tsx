import { AppErrorBoundary } from './app-error-boundary';
import { AppRouter } from './router';
import { defaultServices, ServicesProvider } from '../lib/services';

/**
 * React 19 hoists <title> and <meta> by itself, so no head manager needs a provider here
 * (docs/decisions/004-byte-budget.md, 034-no-motion-or-head-library.md). The services (the API,
 * the checkout backend) are chosen here, once (decision 093).
 */
export function App() {
  return (
    <ServicesProvider services={defaultServices}>
      <AppErrorBoundary>
        <AppRouter />
      </AppErrorBoundary>
    </ServicesProvider>
  );
}
