import { Outlet } from 'react-router';
import { EmailConfirmationBanner } from '@/features/auth/components/email-confirmation-banner';
import { useWardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { RouteNoticeArea } from './route-notice-area';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main content and footer around every page except the beta code screen. */
export function AppShell() {
  // Signed in, the wardrobe loads (from the 1-hour cache or the server) for the header's red dot (spec §2).
  const wardrobe = useWardrobe();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader wardrobeEmpty={wardrobe.isLoaded && wardrobe.isEmpty} />
      <EmailConfirmationBanner />
      <main id="main-content" className="app-shell__main" tabIndex={-1}>
        <RouteNoticeArea />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
