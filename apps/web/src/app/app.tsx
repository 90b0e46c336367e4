import { useEffect } from 'react';
import { RootErrorBoundary } from '@/components/errors/root-error-boundary';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The extension sync waits for the first presence ping (1 s) anyway: its code is fetched then, off the first load. */
const EXTENSION_SYNC_DELAY_MS = 1000;

export function App() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('./extension').then(({ startExtensionSync }) => {
        if (!cancelled) stop = startExtensionSync();
      });
    }, EXTENSION_SYNC_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, []);
  return (
    <RootErrorBoundary>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </RootErrorBoundary>
  );
}
