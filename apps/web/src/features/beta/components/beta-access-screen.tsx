import { VerifyBetaRequest } from '@closetly/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';
import { useVerifyBeta } from '../api/verify-beta';
import { BusyButton } from '@/components/ui/busy-button';

const BETA_MESSAGES = {
  invalidCode: 'Invalid verification code',
  requestFailed: 'Error verifying code',
} as const;

export interface BetaAccessScreenProps {
  /** Called after a code is verified and the token is stored. */
  onVerified?: () => void;
}

export function BetaAccessScreen({ onVerified }: BetaAccessScreenProps) {
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [validationMessage, setValidationMessage] = useState<string | null>(null);
  const verify = useVerifyBeta();

  const message =
    validationMessage ??
    (verify.isError
      ? BETA_MESSAGES.requestFailed
      : verify.data?.verified === false
        ? BETA_MESSAGES.invalidCode
        : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = VerifyBetaRequest.safeParse({ code });
    if (!parsed.success) {
      setValidationMessage(parsed.error.issues[0]?.message ?? BETA_MESSAGES.invalidCode);
      return;
    }
    setValidationMessage(null);
    verify.mutate(parsed.data.code, {
      onSuccess: (result) => {
        if (result.verified) onVerified?.();
      },
    });
  };

  return (
    <main className="beta-screen">
      <title>{`Beta access · ${siteConfig.name}`}</title>
      <div className="beta-card">
        <p className="beta-card__brand" aria-hidden="true">
          {siteConfig.name}
        </p>
        <h1 className="beta-card__title">Beta access</h1>
        <p className="beta-card__lead">
          {siteConfig.name} is in private beta. Enter your verification code to continue.
        </p>

        <form className="beta-form" onSubmit={onSubmit}>
          <label className="field-label" htmlFor={inputId}>
            Verification code
          </label>
          <input
            id={inputId}
            className="text-input"
            name="code"
            type="text"
            required
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={code}
            aria-invalid={message ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => {
              setCode(event.target.value);
              setValidationMessage(null);
              if (!verify.isPending) verify.reset();
            }}
          />
          <p id={messageId} className="form-message form-message--error" aria-live="polite">
            {message}
          </p>
          <BusyButton className="button button--primary button--block" type="submit" busy={verify.isPending} busyText="Verifying...">
            Verify Code
          </BusyButton>
        </form>

        <p className="beta-card__footer">
          <Link to={paths.privacyPolicy}>Privacy Policy</Link>
        </p>
      </div>
    </main>
  );
}
