import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';
import { returnToPath } from '../lib/return-to';

export interface GuestOnlyProps {
  children: ReactNode;
}

/**
 * /signin and /signup: a signed-in user is sent on, replacing history (spec §2). That covers both a
 * signed-in user opening the page and a visitor who just signed in here: they go back to the
 * protected page that sent them (when there was one), otherwise to /.
 */
export function GuestOnly({ children }: GuestOnlyProps) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'signedIn') {
    return <Navigate to={returnToPath(location.state) ?? paths.home} replace />;
  }
  return children;
}
