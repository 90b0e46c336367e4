import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppErrorFallback } from '@/components/errors/app-error-fallback';

export interface RouteErrorBoundaryProps {
  children: ReactNode;
}

/**
 * A route that throws while rendering (or whose chunk fails to load) shows the same text as a failed
 * root, in place of the whole layout, as the data router's root `errorElement` did; the next
 * navigation (Back included) tries again.
 */
export function RouteErrorBoundary({ children }: RouteErrorBoundaryProps) {
  return <LocationErrorBoundary locationKey={useLocation().key}>{children}</LocationErrorBoundary>;
}

interface LocationErrorBoundaryProps {
  locationKey: string;
  children: ReactNode;
}

interface LocationErrorBoundaryState {
  /** The location being shown, so that a new one clears the error. */
  locationKey: string;
  failed: boolean;
}

class LocationErrorBoundary extends Component<LocationErrorBoundaryProps, LocationErrorBoundaryState> {
  override state: LocationErrorBoundaryState = { locationKey: this.props.locationKey, failed: false };

  static getDerivedStateFromProps(props: LocationErrorBoundaryProps, state: LocationErrorBoundaryState): Partial<LocationErrorBoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { locationKey: props.locationKey, failed: false };
  }

  static getDerivedStateFromError(): Partial<LocationErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A route failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <AppErrorFallback /> : this.props.children;
  }
}
