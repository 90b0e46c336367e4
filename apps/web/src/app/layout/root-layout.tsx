import { Outlet } from 'react-router';
import { SessionExpiredRedirect } from '@/features/auth/components/session-expired-redirect';
import { useScrollRestoration } from '../navigation/scroll-restoration';

export function RootLayout() {
  useScrollRestoration();
  return (
    <>
      <SessionExpiredRedirect />
      <Outlet />
    </>
  );
}
