import { Outlet, ScrollRestoration } from 'react-router';
import { SessionExpiredRedirect } from '@/features/auth/components/session-expired-redirect';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <SessionExpiredRedirect />
      <Outlet />
    </>
  );
}
