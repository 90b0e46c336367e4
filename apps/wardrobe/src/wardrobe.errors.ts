import { DomainError } from '@closetly/server';

export type WardrobeErrorCode = 'NOT_FOUND';

export class WardrobeError extends DomainError {
  constructor(code: WardrobeErrorCode, message: string) {
    super(code, message);
  }
}
