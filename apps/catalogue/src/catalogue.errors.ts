import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type CatalogueErrorCode = ServiceErrorCode<'catalogue'>;

export class CatalogueError extends DomainError {
  constructor(code: CatalogueErrorCode, message: string) {
    super(code, message);
  }
}
