import type { ServiceErrorCode } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

export type WardrobeErrorCode = ServiceErrorCode<'wardrobe'>;

export class WardrobeError extends DomainError {
  constructor(code: WardrobeErrorCode, message: string) {
    super(code, message);
  }
}
