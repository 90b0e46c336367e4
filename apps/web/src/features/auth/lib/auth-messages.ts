import { ApiError, InvalidResponseError, NetworkError } from '@closetly/api-client';

/** Spec §8, sign in. */
export const SIGN_IN_MESSAGES = {
  invalidCredential: 'Invalid email or password',
  invalidEmail: 'Invalid email format',
  accountDisabled: 'This account has been disabled',
  tooManyRequests: 'Too many failed attempts. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  noToken: 'Unable to authenticate. Please try signing in again.',
  unexpected: 'An unexpected error occurred.',
  google: 'Failed to sign in with Google',
} as const;

/** Spec §8, sign-up. */
export const SIGN_UP_MESSAGES = {
  failed: 'Failed to create an account. Please try again.',
  google: 'Failed to sign up with Google',
} as const;

/** Spec §5 and §8, forgot password. */
export const FORGOT_PASSWORD_MESSAGES = {
  enterEmail: 'Please enter your email address',
  sending: 'Sending reset email...',
  sent: 'Password reset email sent. Please check your inbox.',
  failed: 'Failed to send password reset email.',
} as const;

/** The reset page is not in the spec; its invalid-link text is the server's INVALID_RESET_TOKEN message. */
export const RESET_PASSWORD_MESSAGES = {
  invalidLink: 'This reset link is invalid or has expired.',
  done: 'Your password has been reset. You can now sign in with your new password.',
  failed: 'Failed to reset your password. Please try again.',
} as const;

/** E-mail confirmation (not shown in the spec): the banner, the /confirm-email page. */
export const EMAIL_CONFIRMATION_MESSAGES = {
  banner: 'Please confirm your e-mail address: we sent a link to',
  resent: (email: string) => `We sent a new link to ${email}.`,
  resendFailed: 'Failed to send the e-mail. Please try again.',
  confirming: 'Confirming your e-mail address…',
  confirmed: 'Your e-mail address is confirmed. Thank you!',
  invalidLink: 'This confirmation link is invalid or has expired.',
  failed: 'Failed to confirm your e-mail address. Please try again.',
} as const;

/** Maps a failed sign-in to the spec §8 table. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return SIGN_IN_MESSAGES.network;
  // A 2xx answer without the tokens, still so after the retries (spec §9).
  if (error instanceof InvalidResponseError) return SIGN_IN_MESSAGES.noToken;
  if (!(error instanceof ApiError)) return SIGN_IN_MESSAGES.unexpected;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return SIGN_IN_MESSAGES.invalidCredential;
    case 'ACCOUNT_DISABLED':
      return SIGN_IN_MESSAGES.accountDisabled;
    case 'RATE_LIMITED':
      return SIGN_IN_MESSAGES.tooManyRequests;
    case 'VALIDATION_FAILED':
      if (error.fields?.email) return SIGN_IN_MESSAGES.invalidEmail;
      break;
  }
  if (error.status === 429) return SIGN_IN_MESSAGES.tooManyRequests;
  return error.serverMessage ?? SIGN_IN_MESSAGES.unexpected;
}

/** Spec §8: the server's message, or the generic sign-up failure. */
export function signUpErrorMessage(error: unknown): string {
  return (error instanceof ApiError ? error.serverMessage : undefined) ?? SIGN_UP_MESSAGES.failed;
}
