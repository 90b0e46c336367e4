import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';
import { returnToState } from '../lib/return-to';

export interface RequireAuthProps {
  children: ReactNode;
}

/**
 * /my-wardrobe, /profile and /admin (spec §2): "Loading..." while the auth state loads, then
 * signed-out visitors go to /signin, replacing history (Back does not return to the protected page).
 */
export function RequireAuth({ children }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') {
    return (
      <div className="page container">
        <p className="loading-text" role="status">
          Loading...
        </p>
      </div>
    );
  }
  if (auth.status === 'signedOut') {
    return <Navigate to={paths.signIn} replace state={returnToState(location)} />;
  }
  return children;
}
