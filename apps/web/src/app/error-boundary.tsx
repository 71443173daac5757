import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ServerErrorContent } from './routes/errors/server-error-page';

type State = { error: unknown };

// Catches render errors outside the router (providers, the router itself) and shows the 500 page.
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in Lightpath', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ServerErrorContent /> : this.props.children;
  }
}

// The router's own boundary (errorElement) for errors thrown while rendering a route.
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ServerErrorContent />;
}
