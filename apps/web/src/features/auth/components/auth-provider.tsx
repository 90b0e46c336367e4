import { useEffect, type ReactNode } from 'react';
import { AuthStoreContext } from '../lib/auth-context';
import type { AuthStore } from '../lib/auth-store';

export interface AuthProviderProps {
  store: AuthStore;
  children: ReactNode;
}

/** Provides the auth store and keeps it running: restore on load, timed and on-visible refresh, other tabs. */
export function AuthProvider({ store, children }: AuthProviderProps) {
  useEffect(() => store.start(), [store]);
  return <AuthStoreContext value={store}>{children}</AuthStoreContext>;
}
