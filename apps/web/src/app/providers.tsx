import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { authStore } from './auth';

export interface AppProvidersProps {
  children: ReactNode;
}

export function AppProviders({ children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);

  // A signed-out browser keeps no one's server data in memory either.
  useEffect(
    () =>
      authStore.onEvent((event) => {
        if (event.type === 'signedOut') queryClient.clear();
      }),
    [queryClient],
  );

  // The live wardrobe (issue 26) is its own chunk, fetched once someone signs in: the first load stays as small.
  useEffect(() => {
    let loading = false;
    let stop: (() => void) | undefined;
    const load = () => {
      if (loading || authStore.getState().status !== 'signedIn') return;
      loading = true;
      import('./live-updates').then(
        (live) => {
          if (loading) stop = live.startLiveUpdates(queryClient);
        },
        (error: unknown) => console.warn('Live updates could not be loaded', error),
      );
    };
    const unsubscribe = authStore.subscribe(load);
    load();
    return () => {
      unsubscribe();
      loading = false;
      stop?.();
    };
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={authStore}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
