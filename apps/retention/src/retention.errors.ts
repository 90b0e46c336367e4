import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type RetentionErrorCode = ServiceErrorCode<'retention'>;

export class RetentionError extends DomainError {
  constructor(code: RetentionErrorCode, message: string) {
    super(code, message);
  }
}
