import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type ProfileErrorCode = ServiceErrorCode<'profile'>;

export class ProfileError extends DomainError {
  constructor(code: ProfileErrorCode, message: string) {
    super(code, message);
  }
}
