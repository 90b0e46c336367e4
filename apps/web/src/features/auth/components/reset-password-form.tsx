import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@closetly/api-client';
import { PASSWORD_MISMATCH_MESSAGE, Password } from '@closetly/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import { RESET_PASSWORD_MESSAGES } from '../lib/auth-messages';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordRules } from './password-rules';
import { BusyButton } from '@/components/ui/busy-button';

/** The contract's password rule plus a matching confirmation, as on sign-up. */
const ResetPasswordFormSchema = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MISMATCH_MESSAGE });

export interface ResetPasswordFormProps {
  /** The token from the e-mailed link; null when the link carried none. */
  token: string | null;
}

/**
 * /reset-password?token=… (not shown in the spec): New Password and Confirm New Password with the
 * sign-up rule checklist. An invalid or expired link shows the server's message above the form with a
 * way to ask for a new e-mail; success replaces the form with a message and a link to sign in.
 */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const form = useForm({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  /** What is typed so far, for the live checklist under the field. */
  const password = useWatch({ control: form.control, name: 'password' });
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="auth-card">
        <FormAlert tone="success">{RESET_PASSWORD_MESSAGES.done}</FormAlert>
        <Link className="button button--primary button--block" to={paths.signIn} replace>
          Sign in
        </Link>
      </div>
    );
  }

  const invalidLink = !token || (reset.error instanceof ApiError && reset.error.code === 'INVALID_RESET_TOKEN');
  const errorMessage = invalidLink ? RESET_PASSWORD_MESSAGES.invalidLink : reset.isError ? RESET_PASSWORD_MESSAGES.failed : null;

  const onSubmit = form.handleSubmit(({ password }) => {
    if (token) reset.mutate({ token, password });
  });

  return (
    <div className="auth-card">
      {errorMessage ? <FormAlert tone="error">{errorMessage}</FormAlert> : null}
      {invalidLink ? (
        <p className="auth-card__hint">
          Request a new link with <strong>Forgot password?</strong> on the <Link to={paths.signIn}>sign in</Link> page.
        </p>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          disabled={invalidLink}
          error={errors.password?.message}
          description={<PasswordRules password={password} />}
          {...form.register('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          disabled={invalidLink}
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <BusyButton className="button button--primary button--block" type="submit" busy={reset.isPending} busyText="Resetting password..." disabled={invalidLink}>
          Reset password
        </BusyButton>
      </form>
    </div>
  );
}
