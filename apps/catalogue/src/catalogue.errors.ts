import type { Caller, ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type CatalogueErrorCode = ServiceErrorCode<'catalogue'>;

export class CatalogueError extends DomainError {
  constructor(code: CatalogueErrorCode, message: string) {
    super(code, message);
  }
}

/** Administrator calls are checked in the service too, not only at the gateway. */
export function requireAdmin(caller: Caller): void {
  if (!caller.roles.includes('admin')) throw new CatalogueError('FORBIDDEN', 'Unauthorized access.');
}
