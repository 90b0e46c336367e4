import { zodResolver } from '@hookform/resolvers/zod';
import { Email, SignInRequest } from '@closetly/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { useOidcSignIn, useSignInOptions } from '../api/oidc-sign-in';
import { useSignIn } from '../api/sign-in';
import { FORGOT_PASSWORD_MESSAGES, SIGN_IN_MESSAGES, signInErrorMessage } from '../lib/auth-messages';
import { AuthDivider } from './auth-divider';
import { FormAlert } from '@/components/ui/form-alert';
import { OidcButton } from './oidc-button';
import { BusyButton } from '@/components/ui/busy-button';

type ForgotNotice = { tone: 'error' | 'success'; text: string } | null;

/** Spec §2 sign in: e-mail and password, third-party sign-in, a link to sign up, forgot password. */
export function SignInForm() {
  const location = useLocation();
  const form = useForm({
    resolver: zodResolver(SignInRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const signIn = useSignIn();
  const oidc = useOidcSignIn('signin');
  const signInOptions = useSignInOptions();
  const forgot = useForgotPassword();
  const [forgotNotice, setForgotNotice] = useState<ForgotNotice>(null);

  const busy = signIn.isPending || oidc.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setForgotNotice(null);
    oidc.reset();
    signIn.mutate(values);
  });

  const onForgotPassword = () => {
    signIn.reset();
    oidc.reset();
    form.clearErrors();
    const email = Email.safeParse(form.getValues('email'));
    if (!email.success) {
      setForgotNotice({ tone: 'error', text: email.error.issues[0]?.message ?? FORGOT_PASSWORD_MESSAGES.enterEmail });
      form.setFocus('email');
      return;
    }
    setForgotNotice(null);
    forgot.mutate(email.data, {
      onSuccess: () => setForgotNotice({ tone: 'success', text: FORGOT_PASSWORD_MESSAGES.sent }),
      onError: (error) => {
        console.warn('Password reset request failed', error);
        setForgotNotice({ tone: 'error', text: FORGOT_PASSWORD_MESSAGES.failed });
      },
    });
  };

  const errorMessage = signIn.isError ? signInErrorMessage(signIn.error) : oidc.isError ? SIGN_IN_MESSAGES.google : null;

  return (
    <div className="auth-card">
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {errorMessage ? <FormAlert tone="error">{errorMessage}</FormAlert> : null}
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />

        <div className="auth-form__forgot">
          <BusyButton type="button" className="link-button" onClick={onForgotPassword} busy={forgot.isPending} busyText={FORGOT_PASSWORD_MESSAGES.sending}>
            Forgot password?
          </BusyButton>
        </div>
        {forgotNotice ? <FormAlert tone={forgotNotice.tone}>{forgotNotice.text}</FormAlert> : null}

        <BusyButton className="button button--primary button--block" type="submit" busy={signIn.isPending} busyText="Signing in..." disabled={busy}>
          Sign in
        </BusyButton>
      </form>

      {signInOptions.data?.google ? (
        <>
          <AuthDivider />
          <OidcButton label="Sign in with Google" busy={oidc.isPending} disabled={busy} onClick={oidc.start} />
        </>
      ) : null}

      <p className="auth-card__footer">
        Don&apos;t have an account?{' '}
        <Link to={paths.signUp} state={location.state as unknown}>
          Sign up
        </Link>
      </p>
    </div>
  );
}
