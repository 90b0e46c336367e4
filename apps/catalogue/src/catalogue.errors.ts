import { DomainError } from '@closetly/server';

export type CatalogueErrorCode = 'NOT_FOUND' | 'FORBIDDEN';

export class CatalogueError extends DomainError {
  constructor(code: CatalogueErrorCode, message: string) {
    super(code, message);
  }
}
