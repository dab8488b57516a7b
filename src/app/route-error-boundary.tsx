import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './route-error';

type RouteErrorBoundaryProps = { children: ReactNode };
type RouteErrorBoundaryState = { failed: boolean };

/**
 * Contains an error thrown by one page (keyed by path in the layout, so navigating away
 * recovers): the header, footer and chat stay usable.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RouteErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
