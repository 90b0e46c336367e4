import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type IdentityErrorCode = ServiceErrorCode<'identity'>;

/** Identity's domain errors; the gateway maps each code to a status. Messages are the spec's where it gives one. */
export class IdentityError extends DomainError {
  constructor(code: IdentityErrorCode, message: string, details?: unknown) {
    super(code, message, details);
  }

  static invalidCredentials(): IdentityError {
    return new IdentityError('INVALID_CREDENTIALS', 'Invalid email or password');
  }

  /** Spec §8; the gateway answers 429 with Retry-After from `retryAfterSeconds`. */
  static tooManyAttempts(retryAfterSeconds: number): IdentityError {
    return new IdentityError('RATE_LIMITED', 'Too many failed attempts. Please try again later.', { retryAfterSeconds });
  }
}
