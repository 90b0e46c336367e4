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

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={authStore}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
