import { Outlet } from 'react-router';
import { SessionExpiredRedirect } from '@/features/auth/components/session-expired-redirect';
import { useRouteFocus } from '../navigation/route-focus';
import { useScrollRestoration } from '../navigation/scroll-restoration';
import { PageAnnouncer } from './page-announcer';

export function RootLayout() {
  useScrollRestoration();
  useRouteFocus();
  return (
    <>
      <SessionExpiredRedirect />
      <PageAnnouncer />
      <Outlet />
    </>
  );
}
