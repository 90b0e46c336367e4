import type { ReactNode } from 'react';

export interface RequireAuthProps {
  children: ReactNode;
}

/**
 * Seam for /my-wardrobe, /profile and /admin. The auth issue makes this show "Loading..."
 * while the auth state loads and redirect to /signin (replacing history) when signed out.
 * Until sign-in exists it renders its children unchanged.
 */
export function RequireAuth({ children }: RequireAuthProps) {
  return children;
}
