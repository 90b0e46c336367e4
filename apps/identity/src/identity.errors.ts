import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type IdentityErrorCode = ServiceErrorCode<'identity'>;

/** Identity's domain errors; the gateway maps each code to a status. Messages are the spec's where it gives one. */
export class IdentityError extends DomainError {
  constructor(code: IdentityErrorCode, message: string) {
    super(code, message);
  }

  static invalidCredentials(): IdentityError {
    return new IdentityError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
}
