import { use, useSyncExternalStore } from 'react';
import { AuthStoreContext } from '../lib/auth-context';
import type { AuthState, AuthStore } from '../lib/auth-store';

export function useAuthStore(): AuthStore {
  const store = use(AuthStoreContext);
  if (!store) throw new Error('useAuthStore must be used inside <AuthProvider>');
  return store;
}

/** The auth state: loading, then signedIn (with the session) or signedOut. */
export function useAuth(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
