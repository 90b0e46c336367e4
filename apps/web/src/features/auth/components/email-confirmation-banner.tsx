import { lazy, Suspense } from 'react';
import { useEmailStatus } from '../api/email-confirmation';

const EmailConfirmationNotice = lazy(() => import('./email-confirmation-notice').then((module) => ({ default: module.EmailConfirmationNotice })));

/**
 * Under the header while the signed-in user's address is unconfirmed: the notice with its Resend button
 * (email-confirmation-notice.tsx), fetched only then, which keeps it out of every other visitor's first load.
 */
export function EmailConfirmationBanner() {
  const status = useEmailStatus();
  if (!status.data || status.data.confirmed) return null;
  return (
    <Suspense fallback={null}>
      <EmailConfirmationNotice email={status.data.email} />
    </Suspense>
  );
}
