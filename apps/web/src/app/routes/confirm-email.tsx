import { ApiError } from '@closetly/api-client';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useConfirmEmail } from '@/features/auth/api/email-confirmation';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EMAIL_CONFIRMATION_MESSAGES } from '@/features/auth/lib/auth-messages';

/**
 * Where the "Confirm your e-mail" message links to: /confirm-email?token=… (not shown in the
 * spec). Opening the link confirms at once (the link is the proof, signed in or not); an invalid
 * or expired link says so and points a signed-in shopper to the banner's Resend.
 */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const confirm = useConfirmEmail();
  const auth = useAuth();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a second POST would find the link used.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const invalid = !token || (confirm.error instanceof ApiError && confirm.error.code === 'INVALID_CONFIRMATION_TOKEN');
  return (
    <Page title="Confirm your e-mail" className="page--auth">
      <div className="auth-card">
        {confirm.isSuccess ? (
          <>
            <FormAlert tone="success">{EMAIL_CONFIRMATION_MESSAGES.confirmed}</FormAlert>
            <Link className="button button--primary button--block" to={auth.status === 'signedIn' ? paths.myWardrobe : paths.signIn} replace>
              {auth.status === 'signedIn' ? 'Go to My Wardrobe' : 'Sign in'}
            </Link>
          </>
        ) : invalid ? (
          <>
            <FormAlert tone="error">{EMAIL_CONFIRMATION_MESSAGES.invalidLink}</FormAlert>
            <p className="auth-card__hint">
              {auth.status === 'signedIn' ? (
                <>Use <strong>Resend e-mail</strong> at the top of the page for a new link.</>
              ) : (
                <>
                  <Link to={paths.signIn}>Sign in</Link> and use <strong>Resend e-mail</strong> for a new link.
                </>
              )}
            </p>
          </>
        ) : confirm.isError ? (
          <FormAlert tone="error">{EMAIL_CONFIRMATION_MESSAGES.failed}</FormAlert>
        ) : (
          <p role="status">{EMAIL_CONFIRMATION_MESSAGES.confirming}</p>
        )}
      </div>
    </Page>
  );
}
