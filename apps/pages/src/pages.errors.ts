import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type PagesErrorCode = ServiceErrorCode<'pages'>;

export class PagesError extends DomainError {
  constructor(code: PagesErrorCode, message: string) {
    super(code, message);
  }
}
