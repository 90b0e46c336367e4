import { ApiError } from '@closetly/api-client';
import { CONFIRMATION_RESEND_MESSAGE } from '@closetly/contracts';
import { useResendConfirmation } from '../api/email-confirmation';
import { EMAIL_CONFIRMATION_MESSAGES } from '../lib/auth-messages';
import { BusyButton } from '@/components/ui/busy-button';

/**
 * The banner itself (email-confirmation-banner.tsx shows it), fetched only for an unconfirmed address.
 * A quiet banner under the header while the signed-in user's address is
 * unconfirmed (not shown in the spec): the account works at once, but only a
 * confirmed address counts toward what other shoppers see. Resend is limited
 * (the server says when to wait); the answer replaces the button.
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const resend = useResendConfirmation();

  const rateLimited = resend.error instanceof ApiError && resend.error.status === 429 ? resend.error : null;
  const answer = resend.isSuccess
    ? EMAIL_CONFIRMATION_MESSAGES.resent(email)
    : rateLimited
      ? (rateLimited.serverMessage ?? CONFIRMATION_RESEND_MESSAGE)
      : resend.isError
        ? EMAIL_CONFIRMATION_MESSAGES.resendFailed
        : null;

  return (
    <aside className="confirm-banner" aria-label="Confirm your e-mail">
      <div className="container confirm-banner__inner">
        <p className="confirm-banner__text">
          {EMAIL_CONFIRMATION_MESSAGES.banner} <span className="confirm-banner__email">{email}</span>
        </p>
        <p className="confirm-banner__action" aria-live="polite">
          {answer ?? (
            <BusyButton type="button" className="button button--outline confirm-banner__button" busy={resend.isPending} busyText="Sending…" onClick={() => resend.mutate()}>
              Resend e-mail
            </BusyButton>
          )}
        </p>
      </div>
    </aside>
  );
}
