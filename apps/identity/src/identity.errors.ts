import { DomainError } from '@closetly/server';

export type IdentityErrorCode =
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_REFRESH_TOKEN'
  | 'INVALID_RESET_TOKEN'
  | 'ACCOUNT_DISABLED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'OIDC_FAILED';

/** Identity's domain errors; the gateway maps each code to a status. Messages are the spec's where it gives one. */
export class IdentityError extends DomainError {
  constructor(code: IdentityErrorCode, message: string) {
    super(code, message);
  }

  static invalidCredentials(): IdentityError {
    return new IdentityError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
}
