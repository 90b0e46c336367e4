import { RootErrorBoundary } from '@/components/errors/root-error-boundary';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <RootErrorBoundary>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </RootErrorBoundary>
  );
}
