import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@closetly/api-client';
import { SignUpForm as SignUpFormSchema, type SignUpRequest } from '@closetly/contracts';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { SelectField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useOidcSignIn, useSignInOptions } from '../api/oidc-sign-in';
import { useSignUp } from '../api/sign-up';
import { SIGN_UP_MESSAGES, signUpErrorMessage } from '../lib/auth-messages';
import { AuthDivider } from './auth-divider';
import { FormAlert } from '@/components/ui/form-alert';
import { OidcButton } from './oidc-button';
import { PasswordRules } from './password-rules';
import { BusyButton } from '@/components/ui/busy-button';

type SignUpFormValues = z.input<typeof SignUpFormSchema>;

const FORM_FIELDS: ReadonlySet<string> = new Set<FieldPath<SignUpFormValues>>([
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'gender',
]);

const GENDER_OPTIONS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

/** Spec §2 sign up, validated with the shared SignUpForm schema on the client and by the server. */
export function SignUpForm() {
  const location = useLocation();
  const form = useForm({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', gender: '' },
  });
  const { errors } = form.formState;
  /** What is typed so far, for the live checklist under the field. */
  const password = useWatch({ control: form.control, name: 'password' });
  const signUp = useSignUp();
  const oidc = useOidcSignIn('signup');
  const signInOptions = useSignInOptions();
  const busy = signUp.isPending || oidc.isPending;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...request }) => {
    oidc.reset();
    const body: SignUpRequest = request;
    signUp.mutate(body, {
      onError: (error) => {
        // The server's per-field messages land on the fields they name.
        if (error instanceof ApiError && error.fields) {
          for (const [field, messages] of Object.entries(error.fields)) {
            const message = messages[0];
            if (message && FORM_FIELDS.has(field)) form.setError(field as FieldPath<SignUpFormValues>, { message });
          }
        }
      },
    });
  });

  const fieldErrorsFromServer = signUp.error instanceof ApiError && signUp.error.fields && Object.keys(signUp.error.fields).some((f) => FORM_FIELDS.has(f));
  const errorMessage = signUp.isError
    ? fieldErrorsFromServer
      ? null
      : signUpErrorMessage(signUp.error)
    : oidc.isError
      ? SIGN_UP_MESSAGES.google
      : null;

  return (
    <div className="auth-card">
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {errorMessage ? <FormAlert tone="error">{errorMessage}</FormAlert> : null}
        <div className="auth-form__row">
          <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
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
          autoComplete="new-password"
          error={errors.password?.message}
          description={<PasswordRules password={password} />}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <SelectField label="Gender" optional error={errors.gender?.message} {...form.register('gender')}>
          {GENDER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>

        <p className="auth-form__legal">
          By signing up you confirm that you are 18 or over and agree to our{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>

        <BusyButton className="button button--primary button--block" type="submit" busy={signUp.isPending} busyText="Signing up..." disabled={busy}>
          Sign up
        </BusyButton>
      </form>

      {signInOptions.data?.google ? (
        <>
          <AuthDivider />
          <OidcButton label="Sign up with Google" busy={oidc.isPending} disabled={busy} onClick={oidc.start} />
        </>
      ) : null}

      <p className="auth-card__footer">
        Already have an account?{' '}
        <Link to={paths.signIn} state={location.state as unknown}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
