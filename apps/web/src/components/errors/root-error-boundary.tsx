import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppErrorFallback } from './app-error-fallback';

export interface RootErrorBoundaryProps {
  children: ReactNode;
}

interface RootErrorBoundaryState {
  hasError: boolean;
}

/** Catches render errors anywhere below the root and shows the spec's root-failure text. */
export class RootErrorBoundary extends Component<RootErrorBoundaryProps, RootErrorBoundaryState> {
  override state: RootErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): RootErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The application failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <AppErrorFallback /> : this.props.children;
  }
}
