import { Component, type ErrorInfo, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  /** What shows instead of the children once one of them has thrown while rendering. */
  fallback: ReactNode;
  /** Logged with the error (SPEC §8: the visitor sees the fallback, the console gets the detail). */
  label: string;
  /** 'info' for failures that are expected now and then (a chunk that could not load offline). */
  level?: 'error' | 'info';
  children: ReactNode;
};

type ErrorBoundaryState = { failed: boolean };

/**
 * Contains a render error: the fallback replaces only what this boundary wraps. Used for the
 * whole app, for each route, for the checkout and for the chat dialog. Key it to reset.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const log = this.props.level === 'info' ? console.info : console.error;
    log(this.props.label, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
