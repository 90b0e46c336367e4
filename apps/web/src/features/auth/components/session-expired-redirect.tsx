import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '../hooks/use-auth';
import { returnToState } from '../lib/return-to';

/** Spec §7: a 401 from an authenticated call signs the user out (the store) and redirects to /signin (here). */
export function SessionExpiredRedirect() {
  const store = useAuthStore();
  const navigate = useNavigate();

  useEffect(
    () =>
      store.onEvent((event) => {
        if (event.type !== 'sessionExpired' || window.location.pathname === paths.signIn) return;
        void navigate(paths.signIn, { replace: true, state: returnToState(window.location) });
      }),
    [store, navigate],
  );
  return null;
}
