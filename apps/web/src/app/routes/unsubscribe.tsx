import { ApiError } from '@closetly/api-client';
import { UNSUBSCRIBE_INVALID_MESSAGE } from '@closetly/contracts';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useUnsubscribe } from '@/features/price-watch/api/unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  done: 'You will no longer get price alert e-mails.',
  working: 'Unsubscribing...',
  failed: 'We could not unsubscribe you right now. Please try the link again in a moment.',
} as const;

/**
 * Where the price alert e-mail's one-click link goes: /unsubscribe?token=… (issue 25). Outside the beta
 * gate and sign-in: opening it posts the token once and says what happened. In-app notifications stay;
 * alerts can be turned on again in the profile.
 */
export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const invalid = !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400);
  return (
    <Page title="Price alert e-mails" className="page--auth">
      <div className="auth-card unsubscribe">
        {unsubscribe.isSuccess ? (
          <>
            <FormAlert tone="success">{UNSUBSCRIBE_MESSAGES.done}</FormAlert>
            <p className="auth-card__hint">
              Changed your mind? Turn price alerts back on in your <Link to={paths.profile}>profile</Link>.
            </p>
          </>
        ) : invalid ? (
          <FormAlert tone="error">{(unsubscribe.error instanceof ApiError ? unsubscribe.error.serverMessage : undefined) ?? UNSUBSCRIBE_INVALID_MESSAGE}</FormAlert>
        ) : unsubscribe.isError ? (
          <FormAlert tone="error">{UNSUBSCRIBE_MESSAGES.failed}</FormAlert>
        ) : (
          <p role="status">{UNSUBSCRIBE_MESSAGES.working}</p>
        )}
      </div>
    </Page>
  );
}
