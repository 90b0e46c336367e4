import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type SearchErrorCode = ServiceErrorCode<'search'>;

export class SearchError extends DomainError {
  constructor(code: SearchErrorCode, message: string) {
    super(code, message);
  }
}
